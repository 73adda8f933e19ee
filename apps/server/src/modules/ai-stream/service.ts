import { and, eq, inArray } from 'drizzle-orm';
import type { RpcErrorCode } from '@siteops/contracts/device-protocol';
import type { Db } from '../../db/client.ts';
import { devices } from '../../db/schema/index.ts';
import { scope, type Caller } from '../../auth/scope.ts';
import { allFoundOr404 } from '../../core/errors.ts';
import { t, type Lang } from '../../core/messages/index.ts';
import { RpcError } from '../../gateway/index.ts';

export interface AiBox {
  id: number;
  sn: string;
  devName: string | null;
}

/**
 * The AI boxes named, in the order named, all within the caller's device-link scope (admin all, an
 * agent its agent's); one id that is missing, outside it or not an AI box answers 404 for all, so
 * no device is asked anything on a request that names another tenant's.
 */
export async function loadAiBoxes(db: Db, caller: Caller, ids: readonly number[]): Promise<AiBox[]> {
  const wanted = [...new Set(ids)];
  const rows = await db
    .select({ id: devices.id, sn: devices.sn, devName: devices.devName })
    .from(devices)
    .where(and(inArray(devices.id, wanted), eq(devices.type, 'aiBox'), scope.deviceLink(caller)));
  allFoundOr404('Device', wanted, rows);
  const byId = new Map(rows.map((r) => [r.id, r]));
  return wanted.map((id) => byId.get(id)!);
}

/** No link, or no answer: to the person at the console both mean "not reachable now". */
const UNREACHABLE: readonly RpcErrorCode[] = ['offline', 'timeout', 'linkClosed'];

/** A failed command as a row's outcome and reason, in the caller's language; a bug is rethrown. */
export function failureOf(err: unknown, lang: Lang): { unreachable: boolean; reason: string } {
  if (!(err instanceof RpcError)) throw err;
  const unreachable = UNREACHABLE.includes(err.code);
  const reason =
    err.code === 'offline' || err.code === 'timeout' || err.code === 'linkClosed' || err.code === 'busy'
      ? t(`link.${err.code}`)
      : t('link.deviceSaid', { text: err.message });
  return { unreachable, reason: reason.render(lang) };
}
