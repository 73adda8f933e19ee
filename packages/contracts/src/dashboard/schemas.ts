import { z } from 'zod';
import { aboutDevice } from '../shared/row-fields.ts';
import { DEVICE_TYPES, EVENT_LEVELS } from '../device-protocol.ts';
import { instant } from '../shared/pagination.ts';

/**
 * The Workplace's fleet figures (spec 2: device total, online devices, authorised platforms, agents, and
 * a real-time monitor), counted by the server in the caller's device scope: admin every device, an
 * agent its agent's, a manager its projects', a user none. The console refreshes them when the live
 * topic `fleet` (contracts/live/schemas.ts) says a device in scope changed.
 */

/** `GET /api/dashboard/fleet?since=`: `since` is where "today" starts for the caller (its local midnight). */
export const fleetQuery = z.object({
  /** Start of the caller's day (default: 24 hours ago); at most 48 hours back. */
  since: instant.optional(),
});

const stateCounts = z.object({
  total: z.number(),
  online: z.number(),
  offline: z.number(),
  /** Never reported its presence since it was added. */
  unknown: z.number(),
  /** Auth status `authorize`. */
  authorised: z.number(),
  /** Auth status `forbidden` or `unknown`: not allowed onto a platform yet. */
  unauthorised: z.number(),
});
export type FleetStateCounts = z.infer<typeof stateCounts>;

const fleetEvent = z.object({
  id: z.string(),
  ...aboutDevice,
  deviceType: z.string(),
  kind: z.string(),
  level: z.enum(EVENT_LEVELS),
  /** Device time (ISO). */
  at: z.string(),
});
export type FleetEvent = z.infer<typeof fleetEvent>;

export const fleetFigures = z.object({
  devices: stateCounts,
  /** Every device type, in DEVICE_TYPES order, with zeroes for types the caller has none of. */
  byType: z.array(stateCounts.extend({ type: z.enum(DEVICE_TYPES) })),
  projects: z.number(),
  agents: z.number(),
  /** Authorisation platforms: null for anyone but admins (platforms are admin-only). */
  platforms: z.number().nullable(),
  /** Device events since `since`, and those of level `alarm`. */
  today: z.object({ since: z.string(), events: z.number(), alarms: z.number() }),
  /** The newest device events in scope, newest first. */
  recentEvents: z.array(fleetEvent),
  /** When these were counted. */
  at: z.string(),
});
export type FleetFigures = z.infer<typeof fleetFigures>;

/** How many recent events the monitor shows. */
export const FLEET_RECENT_EVENTS = 8;
/** How far back `since` may reach. */
export const FLEET_MAX_SINCE_MS = 48 * 3_600_000;
