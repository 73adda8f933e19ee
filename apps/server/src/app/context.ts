import type { Config } from '../config.ts';
import type { Db } from '../db/client.ts';

/** What a module's routes need from the app; passed in, never global. */
export interface ModuleContext {
  db: Db;
  config: Config;
}
