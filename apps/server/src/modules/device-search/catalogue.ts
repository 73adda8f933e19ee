import { sql } from 'drizzle-orm';
import { DEVICE_TYPES } from '@siteops/contracts/device-protocol';
import {
  CATALOGUE_ALARM_DAYS,
  CATALOGUE_ALARMS,
  type CatalogueAnswer,
  type CatalogueType,
} from '@siteops/contracts/device-search/schemas';
import type { Db } from '../../db/client.ts';
import { rowsOf } from '../../db/rows.ts';
import { scope, type Caller } from '../../auth/scope.ts';

interface CountRow {
  type: string;
  total: number | string;
  online: number | string;
  offline: number | string;
  unauthorised: number | string;
}
interface AlarmRow {
  type: string;
  id: string;
  device_id: number;
  dev_name: string | null;
  sn: string;
  kind: string;
  at: string | Date;
}

/**
 * Every device type's counts in the caller's scope and its newest alarms, in two statements whatever
 * the number of types: the counts grouped by type, and per type (a lateral join over the list of
 * types) the newest alarms of the last {@link CATALOGUE_ALARM_DAYS} days, read backwards on the
 * events' `(at)` index.
 */
export async function catalogue(db: Db, caller: Caller): Promise<CatalogueAnswer> {
  const inScope = scope.devices(caller) ?? sql`true`;
  const since = new Date(Date.now() - CATALOGUE_ALARM_DAYS * 86_400_000).toISOString();
  const types = sql.join(
    DEVICE_TYPES.map((t) => sql`${t}`),
    sql`, `,
  );
  const [counts, alarms] = await Promise.all([
    db.execute(sql`select devices.type,
        count(*) as total,
        count(*) filter (where devices.online_status = 'online') as online,
        count(*) filter (where devices.online_status = 'offline') as offline,
        count(*) filter (where devices.auth_status <> 'authorize') as unauthorised
      from devices where ${inScope} group by devices.type`),
    db.execute(sql`select k.type, a.* from (select unnest(array[${types}]::text[]) as type) k
      cross join lateral (
        select e.id::text as id, e.device_id, devices.dev_name, devices.sn, e.kind, e.at
        from device_events e join devices on devices.id = e.device_id
        where devices.type = k.type and e.level = 'alarm' and e.at >= ${since}::timestamptz and ${inScope}
        order by e.at desc limit ${CATALOGUE_ALARMS}
      ) a`),
  ]);
  const byType = new Map(rowsOf<CountRow>(counts).map((r) => [r.type, r]));
  const alarmsOf = new Map<string, CatalogueType['alarms']>();
  for (const a of rowsOf<AlarmRow>(alarms)) {
    const list = alarmsOf.get(a.type) ?? [];
    list.push({
      id: a.id,
      deviceId: Number(a.device_id),
      devName: a.dev_name,
      sn: a.sn,
      kind: a.kind,
      at: new Date(a.at).toISOString(),
    });
    alarmsOf.set(a.type, list);
  }
  return {
    types: DEVICE_TYPES.map((type) => {
      const c = byType.get(type);
      const total = Number(c?.total ?? 0);
      const online = Number(c?.online ?? 0);
      const offline = Number(c?.offline ?? 0);
      return {
        type,
        total,
        online,
        offline,
        unknown: total - online - offline,
        unauthorised: Number(c?.unauthorised ?? 0),
        alarms: alarmsOf.get(type) ?? [],
      };
    }),
  };
}
