import { create } from 'zustand';
import { createJSONStorage, persist } from 'zustand/middleware';
import type { MenuNode } from '@siteops/contracts/shared/routes';
import settingsFile from '@/config/settings.json';
import { TABS_MAX_DEFAULT, TABS_MAX_MAX, TABS_MAX_MIN } from './tabList';

export type Theme = 'light' | 'dark';
export type Device = 'desktop' | 'mobile';

/** Spec 3 "app settings". The project-wide defaults are the settings file that "copy settings" targets. */
export interface AppSettings {
  theme: Theme;
  colorWeak: boolean;
  navbar: boolean;
  menu: boolean;
  /** Menu hidden because the screen is narrow (the menu then opens from the navbar). */
  hideMenu: boolean;
  menuCollapse: boolean;
  footer: boolean;
  themeColor: string;
  menuWidth: number;
  /** Whether the settings drawer is open (the original keeps it among the settings). */
  globalSettings: boolean;
  device: Device;
  tabBar: boolean;
  /** Most tabs the tab bar keeps; the least recently used close first. */
  tabsMax: number;
  /** Watermark the pages that show personal data with the viewer's account and the time. */
  watermark: boolean;
  menuFromServer: boolean;
  serverMenu: MenuNode[];
}

export const DEFAULT_SETTINGS: AppSettings = { ...(settingsFile as Omit<AppSettings, 'serverMenu'>), serverMenu: [] };

export const MENU_WIDTH_MIN = 160;
export const MENU_WIDTH_MAX = 480;

/** Derived from the screen or the session, so they are not kept across reloads. */
const TRANSIENT: readonly (keyof AppSettings)[] = ['hideMenu', 'device', 'globalSettings', 'serverMenu'];

/** The part of the settings a user chooses, as it is stored and as "copy settings" exports it. */
export function persistedSettings(settings: AppSettings): Partial<AppSettings> {
  return Object.fromEntries(
    (Object.keys(DEFAULT_SETTINGS) as (keyof AppSettings)[])
      .filter((key) => !TRANSIENT.includes(key))
      .map((key) => [key, settings[key]]),
  );
}

/** Keep only stored values of the right type, so an old or hand-edited entry cannot break the console. */
export function sanitizeSettings(stored: unknown): Partial<AppSettings> {
  if (typeof stored !== 'object' || stored === null) return {};
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(stored)) {
    const fallback = DEFAULT_SETTINGS[key as keyof AppSettings];
    if (fallback === undefined || TRANSIENT.includes(key as keyof AppSettings)) continue;
    if (typeof value === typeof fallback) out[key] = value;
  }
  if (out.theme !== undefined && out.theme !== 'light' && out.theme !== 'dark') delete out.theme;
  if (typeof out.menuWidth === 'number') out.menuWidth = clampMenuWidth(out.menuWidth);
  if (typeof out.tabsMax === 'number') out.tabsMax = clampTabsMax(out.tabsMax);
  return out as Partial<AppSettings>;
}

export function clampTabsMax(max: number) {
  if (!Number.isFinite(max)) return TABS_MAX_DEFAULT;
  return Math.min(TABS_MAX_MAX, Math.max(TABS_MAX_MIN, Math.round(max)));
}

export function clampMenuWidth(width: number) {
  if (!Number.isFinite(width)) return DEFAULT_SETTINGS.menuWidth;
  return Math.min(MENU_WIDTH_MAX, Math.max(MENU_WIDTH_MIN, Math.round(width)));
}

interface SettingsState extends AppSettings {
  update: (patch: Partial<AppSettings>) => void;
  toggleTheme: () => void;
}

export const useSettingsStore = create<SettingsState>()(
  persist(
    (set) => ({
      ...DEFAULT_SETTINGS,
      update: (patch) => set(patch),
      toggleTheme: () => set((s) => ({ theme: s.theme === 'dark' ? 'light' : 'dark' })),
    }),
    {
      name: 'settings',
      version: 1,
      storage: createJSONStorage(() => localStorage),
      partialize: (state) => persistedSettings(state),
      merge: (stored, current) => ({ ...current, ...sanitizeSettings(stored) }),
    },
  ),
);
