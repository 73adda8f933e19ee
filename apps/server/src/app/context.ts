import type { Config } from '../config.ts';
import type { Db } from '../db/client.ts';
import type { Pii } from '../crypto/pii.ts';
import type { Storage } from '../storage/storage.ts';
import type { FileUrls } from '../modules/file/urls.ts';

/** What a module's routes need from the app; passed in, never global. */
export interface ModuleContext {
  db: Db;
  config: Config;
  /** Encrypts, decrypts, masks and search-hashes PII columns. */
  pii: Pii;
  /** Where uploaded bytes live. */
  storage: Storage;
  /** Signs file URLs for <img src>. */
  fileUrls: FileUrls;
}
