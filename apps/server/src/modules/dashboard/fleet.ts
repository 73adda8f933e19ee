import { and, count, desc, eq, gte, sql } from 'drizzle-orm';
import { DEVICE_TYPES, type DeviceType } from '@siteops/contracts/device-protocol';
import {
  FLEET_MAX_SINCE_MS,
  FLEET_RECENT_EVENTS,
  type FleetFigures,
  type FleetStateCounts,
} from '@siteops/contracts/dashboard/schemas';
import type { Db } from '../../db/client.ts';
import { agents, authPlatforms, deviceEvents, devices, projects } from '../../db/schema/index.ts';
import { scope, type Caller } from '../../auth/scope.ts';

const ALL = sql`true`;
const zero = (): FleetStateCounts => ({ total: 0, online: 0, offline: 0, unknown: 0, authorised: 0, unauthorised: 0 });

function add(into: FleetStateCounts, onlineStatus: string, authStatus: string, n: number) {
  into.total += n;
  if (onlineStatus === 'online') into.online += n;
  else if (onlineStatus === 'offline') into.offline += n;
  else into.unknown += n;
  if (authStatus === 'authorize') into.authorised += n;
  else into.unauthorised += n;
}

/** Where "today" starts: the caller's own midnight when sent and recent enough, else 24 hours ago. */
export function sinceOf(since: Date | undefined, now = Date.now()): Date {
  const t = since?.getTime();
  if (t === undefined || t > now || now - t > FLEET_MAX_SINCE_MS) return new Date(now - 86_400_000);
  return new Date(t);
}

/**
 * The Workplace's figures in `caller`'s device scope, in three queries whatever the fleet's size: the
 * devices grouped by type and state (at most types × 3 × 3 rows), the other counts as scalar subqueries
 * of one statement, and the newest events.
 */
export async function fleetFigures(db: Db, caller: Caller, sinceParam?: Date): Promise<FleetFigures> {
  const since = sinceOf(sinceParam);
  const inScope = scope.devices(caller) ?? ALL;
  const [groups, [others], recent] = await Promise.all([
    db
      .select({ type: devices.type, onlineStatus: devices.onlineStatus, authStatus: devices.authStatus, n: count() })
      .from(devices)
      .where(inScope)
      .groupBy(devices.type, devices.onlineStatus, devices.authStatus),
    db
      .select({
        projects: sql<number>`(select count(*) from ${projects} where ${scope.projects(caller) ?? ALL})`.mapWith(
          Number,
        ),
        agents: sql<number>`(select count(*) from ${agents} where ${scope.agents(caller) ?? ALL})`.mapWith(Number),
        platforms: sql<number>`(select count(*) from ${authPlatforms})`.mapWith(Number),
        events: count(),
        alarms: sql<number>`count(*) filter (where ${deviceEvents.level} = 'alarm')`.mapWith(Number),
      })
      .from(deviceEvents)
      .innerJoin(devices, eq(devices.id, deviceEvents.deviceId))
      .where(and(gte(deviceEvents.at, since), inScope)),
    db
      .select({
        id: deviceEvents.id,
        deviceId: deviceEvents.deviceId,
        devName: devices.devName,
        sn: devices.sn,
        deviceType: devices.type,
        kind: deviceEvents.kind,
        level: deviceEvents.level,
        at: deviceEvents.at,
      })
      .from(deviceEvents)
      .innerJoin(devices, eq(devices.id, deviceEvents.deviceId))
      .where(inScope)
      .orderBy(desc(deviceEvents.at))
      .limit(FLEET_RECENT_EVENTS),
  ]);

  const total = zero();
  const byType = new Map<string, FleetStateCounts>(DEVICE_TYPES.map((t) => [t, zero()]));
  for (const g of groups) {
    add(total, g.onlineStatus, g.authStatus, g.n);
    const of = byType.get(g.type);
    if (of) add(of, g.onlineStatus, g.authStatus, g.n);
  }
  return {
    devices: total,
    byType: DEVICE_TYPES.map((type: DeviceType) => ({ type, ...byType.get(type)! })),
    projects: others.projects,
    agents: others.agents,
    platforms: caller.role === 'admin' ? others.platforms : null,
    today: { since: since.toISOString(), events: others.events, alarms: others.alarms },
    recentEvents: recent.map((e) => ({
      ...e,
      level: e.level as FleetFigures['recentEvents'][number]['level'],
      at: e.at.toISOString(),
    })),
    at: new Date().toISOString(),
  };
}
