import { and, eq, inArray, sql } from 'drizzle-orm';
import { ALARMS_TOPIC } from '@siteops/contracts/live/schemas';
import { serial } from '../../core/rounds.ts';
import type { Db } from '../../db/client.ts';
import { alarms, alarmTimeline, devices, type AlarmRuleRow } from '../../db/schema/index.ts';
import type { TelemetryPoint } from '../../gateway/index.ts';
import type { LivePublisher } from '../../ports/context.ts';
import { queueActions } from './actions.ts';
import { clearByCondition } from './clearByCondition.ts';
import { fieldsOf, step, valuesOf, type RuleState } from './evaluate.ts';
import { ReadingRules } from './readingRules.ts';

interface Log {
  warn(obj: object, msg: string): void;
}

/**
 * Judges every stored reading against the enabled reading rules of its device's type and scope (evaluate.ts),
 * and raises, repeats and clears alarms. Batches are judged one at a time in the order they were
 * stored; the rules are held in memory (readingRules.ts, looked at again per batch), the devices' owners
 * and the open alarms are read once per batch. How long a condition has held without an alarm yet is
 * kept in memory on the instance holding the device's link (a restart or a reconnect elsewhere starts
 * that wait again).
 */
export class AlarmEngine {
  /** `deviceId:ruleId` → since when (ms) the condition has held, for rules with no alarm open yet. */
  readonly #pending = new Map<string, number>();
  readonly #rules: ReadingRules;
  readonly #batches = serial((err) => this.log.warn({ err }, 'alarm rules failed on a batch of readings'));

  constructor(
    private readonly db: Db,
    private readonly log: Log,
    /** Tells the tabs watching `alarms` of each alarm raised or cleared (a repeat is not told). */
    private readonly live?: LivePublisher,
  ) {
    this.#rules = new ReadingRules(db);
  }

  /** Queue a stored batch of readings. */
  feed(readings: readonly TelemetryPoint[]): void {
    this.#batches.add(() => this.#judge(readings));
  }

  /** Resolves once every batch queued so far is judged (tests, shutdown). */
  idle(): Promise<void> {
    return this.#batches.idle();
  }

  async #judge(readings: readonly TelemetryPoint[]) {
    const types = [...new Set(readings.map((r) => r.type))];
    await this.#rules.refresh();
    if (!this.#rules.anyFor(types)) return;
    const deviceIds = [...new Set(readings.map((r) => r.deviceId))];
    const [owners, open] = await Promise.all([
      this.db
        .select({ id: devices.id, agentId: devices.agentId, projectId: devices.projectId })
        .from(devices)
        .where(inArray(devices.id, deviceIds)),
      this.db
        .select({ id: alarms.id, deviceId: alarms.deviceId, ruleId: alarms.ruleId })
        .from(alarms)
        .where(and(inArray(alarms.deviceId, deviceIds), eq(alarms.status, 'active'))),
    ]);
    const deviceOf = new Map(owners.map((d) => [d.id, d]));
    const openAlarm = new Map(open.map((a) => [`${a.deviceId}:${a.ruleId}`, a.id]));

    for (const reading of readings) {
      const device = deviceOf.get(reading.deviceId);
      if (!device) continue;
      const judged = readingOf(reading);
      const at = reading.at.getTime();
      for (const rule of this.#rules.for(reading.type, device)) {
        const key = `${reading.deviceId}:${rule.id}`;
        const alarmId = openAlarm.get(key);
        const state: RuleState = { open: alarmId !== undefined, pendingSince: this.#pending.get(key) ?? null };
        const result = step(rule, state, judged, at);
        // What an alarm records: the values of the fields the rule reads (only when one changes).
        const values = () =>
          valuesOf(reading.data, [
            ...new Set([...fieldsOf(rule.condition), ...(rule.clearCondition ? fieldsOf(rule.clearCondition) : [])]),
          ]);
        switch (result.action) {
          case 'none':
            this.#pending.delete(key);
            break;
          case 'pending':
            this.#pending.set(key, result.since);
            break;
          case 'raise': {
            this.#pending.delete(key);
            const id = await this.#raise(reading, rule.row, values(), new Date(result.since));
            if (id !== undefined) {
              openAlarm.set(key, id);
              this.#tell(id, reading.deviceId, 'raised');
            }
            break;
          }
          case 'repeat':
            await this.db
              .update(alarms)
              .set({ count: sql`${alarms.count} + 1`, lastValue: values(), lastAt: reading.at })
              .where(and(eq(alarms.id, alarmId!), eq(alarms.status, 'active')));
            break;
          case 'clear':
            openAlarm.delete(key);
            if (await this.#clear(alarmId!, reading.at, values())) this.#tell(alarmId!, reading.deviceId, 'cleared');
            break;
        }
      }
    }
  }

  /** A new active alarm and its first timeline entry; undefined when one is open already (another writer). */
  async #raise(
    reading: TelemetryPoint,
    rule: AlarmRuleRow,
    values: Record<string, number | boolean | string>,
    since: Date,
  ) {
    return this.db.transaction(async (tx) => {
      const [row] = await tx
        .insert(alarms)
        .values({
          deviceId: reading.deviceId,
          ruleId: rule.id,
          severity: rule.severity,
          firstValue: values,
          lastValue: values,
          firstAt: reading.at,
          lastAt: reading.at,
        })
        .onConflictDoNothing()
        .returning({ id: alarms.id });
      if (!row) return undefined;
      await tx.insert(alarmTimeline).values({
        alarmId: row.id,
        kind: 'raised',
        at: reading.at,
        detail: { value: values, since: since.toISOString(), severity: rule.severity },
      });
      await queueActions(tx, row.id, rule.id, 'raised');
      return row.id;
    });
  }

  #tell(id: number, deviceId: number, change: 'raised' | 'cleared') {
    this.live?.publish({ topic: ALARMS_TOPIC, type: 'alarm', data: { id, deviceId, change } });
  }

  /** Clears an active alarm by its condition; answers whether it was active (another writer may have cleared it). */
  #clear(alarmId: number, at: Date, values: Record<string, number | boolean | string>): Promise<boolean> {
    return clearByCondition(this.db, alarmId, at, { by: 'condition', value: values });
  }
}

/** A stored reading as the rules read it: its values, and each flagged field's flag as `<field>-Flag` (evaluate.ts). */
function readingOf(p: TelemetryPoint): Record<string, number | boolean | string> {
  if (!p.flags) return p.data;
  const out: Record<string, number | boolean | string> = { ...p.data };
  for (const [field, flag] of Object.entries(p.flags)) out[`${field}-Flag`] = flag;
  return out;
}
