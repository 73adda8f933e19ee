import { boolean, date, index, integer, jsonb, pgTable, text, uuid, varchar } from 'drizzle-orm/pg-core';
import { agents } from './agents.ts';
import { projects } from './projects.ts';
import { createdAtColumn, ownerReference, serialId, timestamptz, updatedAtColumn } from './columns.ts';

export const DEVICE_AUTH_STATUS = ['authorize', 'forbidden', 'unknown'] as const;
export const DEVICE_ONLINE_STATUS = ['online', 'offline', 'unknown'] as const;
export const DEVICE_DIRECTION = ['none', 'in', 'out'] as const;

/**
 * Spec 3's Device plus its type, owner agent and project. The device link writes presence and
 * readings here in batches; the secret a device proves itself with is kept only as a hash.
 */
export const devices = pgTable(
  'devices',
  {
    id: serialId(),
    type: varchar('type', { length: 32 }).notNull(),
    devName: varchar('dev_name', { length: 128 }),
    factoryName: varchar('factory_name', { length: 128 }),
    sn: varchar('sn', { length: 64 }).notNull().unique(),
    /** Normalised AA:BB:CC:DD:EE:FF. */
    mac: varchar('mac', { length: 17 }).unique(),
    ip: varchar('ip', { length: 64 }),
    /** How the device last linked: ws or mqtt (gateway/transports); null before its first link. */
    transport: varchar('transport', { length: 8 }),
    agentId: integer('agent_id').references(() => agents.id, { onDelete: 'restrict' }),
    projectId: integer('project_id').references(() => projects.id, { onDelete: 'restrict' }),
    installSite: varchar('install_site', { length: 256 }),
    frpcVer: varchar('frpc_ver', { length: 64 }),
    devVer: varchar('dev_ver', { length: 64 }),
    version: varchar('version', { length: 64 }),
    authStatus: varchar('auth_status', { length: 16 }).notNull().default('unknown'),
    onlineStatus: varchar('online_status', { length: 16 }).notNull().default('unknown'),
    allow: boolean('allow').notNull().default(true),
    anyAccess: boolean('any_access').notNull().default(false),
    remoteAccount: varchar('remote_account', { length: 64 }),
    /** AES-256-GCM ciphertext; never listed. */
    terminalPassword: text('terminal_password'),
    direction: varchar('direction', { length: 8 }).notNull().default('none'),
    remark: varchar('remark', { length: 512 }),
    /** An HJ 212 monitor's MN (its id on the wire; 24 characters in 2017, 14 in 2005); null on other devices. */
    hj212Mn: varchar('hj212_mn', { length: 32 }).unique(),
    /**
     * The HJ 212 access password (PW), AES-256-GCM ciphertext like the terminal password; never listed.
     * Encrypted rather than hashed like the device secret: a PW is a short value people choose (six
     * digits by the standard), so a hash of it is reversed by trying them all and would protect
     * nothing, while the server needs it in clear to check each link's first packet and to address
     * the commands it sends the unit (a unit refuses a command carrying another PW).
     */
    hj212Pw: text('hj212_pw'),
    secretHash: varchar('secret_hash', { length: 64 }),
    licenceExpiresAt: timestamptz('licence_expires_at'),
    /** Latest readings by field, for the lists; history lives in the time-series table. */
    latest: jsonb('latest'),
    additionDatetime: timestamptz('addition_datetime').notNull().defaultNow(),
    heartbeatDatetime: timestamptz('heartbeat_datetime'),
    createdId: integer('created_id'),
    updatedId: integer('updated_id'),
    updatedAt: updatedAtColumn(),
  },
  (t) => [
    index('devices_agent_idx').on(t.agentId, t.id),
    index('devices_project_idx').on(t.projectId),
    index('devices_type_idx').on(t.type, t.id),
    index('devices_added_idx').on(t.additionDatetime),
    // The list's total is a count(*) under the same filters: these make the common ones index-only.
    index('devices_type_status_idx').on(t.type, t.authStatus, t.onlineStatus),
    index('devices_agent_type_idx').on(t.agentId, t.type, t.authStatus),
    // "Contains" search (ILIKE '%…%') on the two fields people type fragments of; pg_trgm.
    index('devices_sn_trgm_idx').using('gin', t.sn.op('gin_trgm_ops')),
    index('devices_dev_name_trgm_idx').using('gin', t.devName.op('gin_trgm_ops')),
  ],
);

/** Platforms a licence may grant access to (spec: platform_name, expiration_date, attach_info). */
export const authPlatforms = pgTable('auth_platforms', {
  id: serialId(),
  platformName: varchar('platform_name', { length: 128 }).notNull().unique(),
  expirationDate: date('expiration_date').notNull(),
  attachInfo: varchar('attach_info', { length: 1024 }),
  createdAt: createdAtColumn(),
  updatedAt: updatedAtColumn(),
});

/** Every licence issued: the grant history, and the id a device's licence names. */
export const licenceGrants = pgTable(
  'licence_grants',
  {
    id: uuid('id').primaryKey(),
    deviceId: integer('device_id').notNull(),
    sn: varchar('sn', { length: 64 }).notNull(),
    mac: varchar('mac', { length: 17 }).notNull(),
    platforms: jsonb('platforms').$type<string[]>().notNull(),
    expiresAt: timestamptz('expires_at').notNull(),
    attachInfo: varchar('attach_info', { length: 1024 }),
    issuedById: integer('issued_by_id'),
    issuedByName: varchar('issued_by_name', { length: 64 }),
    issuedAt: timestamptz('issued_at').notNull().defaultNow(),
  },
  (t) => [index('licence_grants_device_idx').on(t.deviceId), index('licence_grants_issued_idx').on(t.issuedAt)],
);

export type DeviceRow = typeof devices.$inferSelect;

/**
 * The first columns of a device's own rows (its alarms, the people its gate holds): their id, and the
 * device, deleting them with it.
 */
export const deviceRowColumns = () => ({
  id: serialId(),
  deviceId: ownerReference('device_id', () => devices.id),
});
export type AuthPlatformRow = typeof authPlatforms.$inferSelect;

/**
 * The key in `devices.latest` under which each field's reading time (ms since the epoch) is kept, so a
 * backlog reading never replaces a newer value (sinks.ts). Not a reading: `latestReadings` leaves it out.
 */
export const LATEST_TIMES = '@at';

/**
 * The key in `devices.latest` under which the data flag other than N of each latest value is kept
 * (HJ 212: `{ "a34004": "C" }` while the monitor calibrates); absent when every latest value is normal.
 */
export const LATEST_FLAGS = '@flag';

/** `devices.latest` as the lists and the device page show it: field -> newest value. */
export function latestReadings(latest: unknown): Record<string, number | boolean | string> | null {
  if (!latest || typeof latest !== 'object') return null;
  const {
    [LATEST_TIMES]: _times,
    [LATEST_FLAGS]: _flags,
    ...readings
  } = latest as Record<string, number | boolean | string>;
  return readings;
}

/** The flags other than N of the latest values (`devices.latest` under LATEST_FLAGS). */
export function latestFlags(latest: unknown): Record<string, string> {
  const flags = latest && typeof latest === 'object' ? (latest as Record<string, unknown>)[LATEST_FLAGS] : null;
  return flags && typeof flags === 'object' ? (flags as Record<string, string>) : {};
}
