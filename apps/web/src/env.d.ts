/// <reference types="vite/client" />

interface ImportMetaEnv {
  /** Build-time API origin (spec 7); empty means the console's own origin. */
  readonly VITE_API_BASE_URL?: string;
}
