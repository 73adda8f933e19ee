import type { Db } from './client.ts';

/**
 * Runs the reads that make one answer in one snapshot (repeatable read, read only). A writer that commits
 * two tables together can otherwise land between two of them and show half its change: an alarm's action
 * run waiting without its timeline entry, a campaign's run counted before its next time moved on.
 */
export function inSnapshot<T>(db: Db, read: (db: Db) => Promise<T>): Promise<T> {
  return db.transaction((tx) => read(tx), { isolationLevel: 'repeatable read', accessMode: 'read only' });
}
