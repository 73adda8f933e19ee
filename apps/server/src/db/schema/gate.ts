import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, pgTable, unique, varchar } from 'drizzle-orm/pg-core';
import { deviceRowColumns, devices } from './devices.ts';
import { creationStamps, ownerReference, timestamptz } from './columns.ts';

/**
 * Access devices visitors may pass (spec 3's device authorisation: direction none / in / out, created
 * time). The valid visitors of a device's project are published to it; one taken off the list has them
 * removed.
 */
export const visitorDevices = pgTable(
  'visitor_devices',
  {
    deviceId: ownerReference('device_id', () => devices.id).primaryKey(),
    direction: varchar('direction', { length: 8 }).notNull().default('none'),
    ...creationStamps(),
  },
  (t) => [check('visitor_devices_direction_check', sql`${t.direction} in ('none', 'in', 'out')`)],
);

/**
 * The per-device outbox of persons (modules/visitor/gateSync.ts): one row per device and person the
 * device holds or should hold or lose. `pending` marks a row to reconcile: the dispatcher works out what
 * the device should have now (from the visitor and the authorisation) and adds or removes the person.
 * A device is leased (`gate_device_leases`) so several instances never send it the same change; `gen`
 * counts the marks, so a mark that arrives while a send is under way is not lost when the send completes.
 */
export const gatePersons = pgTable(
  'gate_persons',
  {
    ...deviceRowColumns(),
    /** `V<visitor id>` or `U<user id>` (a project member): the id the device knows the person by. */
    personId: varchar('person_id', { length: 64 }).notNull(),
    /** No foreign key: a deleted visitor's row stays until the device has removed it. Null for a `U` person. */
    visitorId: integer('visitor_id'),
    pending: boolean('pending').notNull().default(true),
    gen: integer('gen').notNull().default(1),
    /** Whether the device confirmed it holds the person, and what it was sent (hash of name, photo, window). */
    onDevice: boolean('on_device').notNull().default(false),
    sentHash: varchar('sent_hash', { length: 64 }),
    syncedAt: timestamptz('synced_at'),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: timestamptz('next_attempt_at'),
    lastError: varchar('last_error', { length: 1000 }),
    /**
     * Taken off this device by hand (the face library's remove): the dispatcher treats the person as not
     * wanted here, and the row stays (off the device) so no later mark sends it back. A change of the
     * visitor itself (markVisitors) or a re-sync clears it.
     */
    excluded: boolean('excluded').notNull().default(false),
  },
  (t) => [
    unique('gate_persons_device_person_key').on(t.deviceId, t.personId),
    index('gate_persons_visitor_idx').on(t.visitorId),
    // A device's pending rows in id order: the dispatcher reads the next due ones without sorting them all
    // (a publish leaves 10,000 pending rows a terminal, read 200 at a time).
    index('gate_persons_pending_idx')
      .on(t.deviceId, t.id)
      .where(sql`${t.pending}`),
  ],
);

/**
 * Devices whose whole person list is to be worked out again (authorised, taken off the list, moved to
 * another project, a configuration published). A change marks a device here, one row in its own
 * transaction; the dispatcher expands the mark into per-person outbox rows a few devices at a time
 * (visitor/gate.ts), so publishing ten thousand visitors to a hundred terminals commits at once
 * instead of writing a million rows in one statement.
 */
export const gateDeviceMarks = pgTable('gate_device_marks', {
  deviceId: ownerReference('device_id', () => devices.id).primaryKey(),
  markedAt: timestamptz('marked_at').notNull().defaultNow(),
});

/**
 * The device one dispatcher sends to now (visitor/gateLease.ts): one row a device while its outbox is
 * being sent, so two instances never send one device the same change, and its rows are read, not
 * claimed one by one (a publish writes each of a million rows once less). A lease of a crashed
 * instance lapses at `until`; a dispatcher renews its own while it sends.
 */
export const gateDeviceLeases = pgTable('gate_device_leases', {
  deviceId: ownerReference('device_id', () => devices.id).primaryKey(),
  token: varchar('token', { length: 36 }).notNull(),
  until: timestamptz('until').notNull(),
});

export type VisitorDeviceRow = typeof visitorDevices.$inferSelect;
export type GatePersonRow = typeof gatePersons.$inferSelect;
