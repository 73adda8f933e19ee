import { HEARTBEAT_SECONDS_RANGE } from '@siteops/contracts/constant/schemas';
import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { constants } from '../../db/schema/index.ts';
import { loadOr404 } from '../../db/crud.ts';
import { t } from '../../core/messages/index.ts';

/**
 * How long a read constant is trusted. Writes through this instance invalidate at once; other
 * instances (several servers on one PostgreSQL) see a change within this time.
 */
export const CONSTANT_CACHE_MS = 10_000;

/** Per database, so test apps in one process never see each other's values. */
const caches = new WeakMap<Db, Map<string, { value: string | null; at: number }>>();

/**
 * A system constant's value, or `fallback` when the key is absent. Served from a short in-process
 * cache; {@link invalidateConstants} drops it after a write.
 */
export async function getConstant(db: Db, key: string, fallback: string): Promise<string> {
  let cache = caches.get(db);
  if (!cache) caches.set(db, (cache = new Map()));
  const hit = cache.get(key);
  if (hit && Date.now() - hit.at < CONSTANT_CACHE_MS) return hit.value ?? fallback;
  const [row] = await db.select({ value: constants.value }).from(constants).where(eq(constants.key, key)).limit(1);
  cache.set(key, { value: row?.value ?? null, at: Date.now() });
  return row?.value ?? fallback;
}

export function invalidateConstants(db: Db) {
  caches.delete(db);
}

/** The constant with this id, or its 404. */
export const loadConstant = (db: Db, id: number) =>
  loadOr404(db, { table: constants, idColumn: constants.id, id, what: 'Constant' });

/** The 409 a taken key answers, naming the form field. */
export const duplicateKey = (key: string | undefined) => ({
  field: 'key',
  message: t('constant.keyExists', { key: key ?? '' }),
});

export const HEARTBEAT_SECONDS_DEFAULT = 30;

/**
 * `device.heartbeatSeconds` (5-3600, default 30): the interval a device link must keep; a device is
 * offline after two missed heartbeats. For the device link to read (and to tell devices).
 */
export async function heartbeatSeconds(db: Db): Promise<number> {
  const n = Number(await getConstant(db, 'device.heartbeatSeconds', String(HEARTBEAT_SECONDS_DEFAULT)));
  const { min, max } = HEARTBEAT_SECONDS_RANGE;
  return Number.isInteger(n) && n >= min && n <= max ? n : HEARTBEAT_SECONDS_DEFAULT;
}
