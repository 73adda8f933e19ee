import { sql } from 'drizzle-orm';
import type { AlarmRuleScope } from '@siteops/contracts/alarm/rules';
import type { Db } from '../../db/client.ts';
import { alarmRules, type AlarmRuleRow } from '../../db/schema/index.ts';
import { rowsOf } from '../../db/rows.ts';
import { narrowestRules, type RuleView } from './evaluate.ts';

/** How many devices' applicable rules are remembered at most. */
const MAX_REMEMBERED = 100_000;

/** A device as the rules' scopes see it. */
export type DeviceOwners = { id: number; agentId: number | null; projectId: number | null };

export type ScopedRule = RuleView & { scope: AlarmRuleScope; row: AlarmRuleRow };

/** One device type's enabled reading rules, by the scope that holds them. */
interface TypeRules {
  fleet: ScopedRule[];
  agent: Map<number, ScopedRule[]>;
  project: Map<number, ScopedRule[]>;
  device: Map<number, ScopedRule[]>;
}

const push = <K>(map: Map<K, ScopedRule[]>, key: K, rule: ScopedRule) => {
  const list = map.get(key);
  if (list) list.push(rule);
  else map.set(key, [rule]);
};

/**
 * The enabled reading rules, held in memory and indexed by device type and scope. At 3,000 readings a
 * second and 10,000 rules, reading every rule of a type for each batch and filtering it per reading cost
 * more than a core (bench/alarm-rules.ts); here a reading looks up the few rules of its type that cover
 * its device (a device's applicable rules are also remembered until the rules change). Whether the rules
 * changed is one aggregate over the table per batch (count, ids, newest update), so a rule added, edited,
 * disabled or removed on any instance applies from the next batch.
 */
export class ReadingRules {
  #fingerprint: string | null = null;
  #byType = new Map<string, TypeRules>();
  #forDevice = new Map<string, ScopedRule[]>();

  constructor(private readonly db: Db) {}

  /** Reads the rules again when the table changed since the last look. */
  async refresh(): Promise<void> {
    const [print] = rowsOf<{ n: number; ids: string | number | null; newest: string | Date | null }>(
      await this.db.execute(
        sql`select count(*)::int as n, sum(${alarmRules.id})::bigint as ids, max(${alarmRules.updatedAt}) as newest
            from ${alarmRules} where ${alarmRules.source}->>'kind' = 'reading'`,
      ),
    );
    const fingerprint = `${print?.n}:${print?.ids}:${print?.newest ? new Date(print.newest).getTime() : ''}`;
    if (fingerprint === this.#fingerprint) return;
    const rows = await this.db
      .select()
      .from(alarmRules)
      .where(sql`${alarmRules.enabled} and ${alarmRules.source}->>'kind' = 'reading'`);
    const byType = new Map<string, TypeRules>();
    for (const row of rows) {
      if (!row.condition || !row.deviceType) continue;
      let rules = byType.get(row.deviceType);
      if (!rules) {
        rules = { fleet: [], agent: new Map(), project: new Map(), device: new Map() };
        byType.set(row.deviceType, rules);
      }
      const rule: ScopedRule = {
        id: row.id,
        scope: row.scope as AlarmRuleScope,
        condition: row.condition,
        clearCondition: row.clearCondition,
        durationSeconds: row.durationSeconds,
        row,
      };
      if (rule.scope === 'fleet') rules.fleet.push(rule);
      else if (rule.scope === 'agent' && row.agentId !== null) push(rules.agent, row.agentId, rule);
      else if (rule.scope === 'project' && row.projectId !== null) push(rules.project, row.projectId, rule);
      else if (rule.scope === 'device' && row.deviceId !== null) push(rules.device, row.deviceId, rule);
    }
    this.#byType = byType;
    this.#forDevice.clear();
    this.#fingerprint = fingerprint;
  }

  /** Whether any enabled reading rule is for one of these types. */
  anyFor(types: readonly string[]): boolean {
    return types.some((t) => this.#byType.has(t));
  }

  /** The rules that judge a device's readings: those covering it, the narrowest per set of fields. */
  for(type: string, device: DeviceOwners): ScopedRule[] {
    const key = `${type}:${device.id}:${device.agentId}:${device.projectId}`;
    const known = this.#forDevice.get(key);
    if (known) return known;
    const rules = this.#byType.get(type);
    const covering = rules
      ? [
          ...rules.fleet,
          ...(device.agentId === null ? [] : (rules.agent.get(device.agentId) ?? [])),
          ...(device.projectId === null ? [] : (rules.project.get(device.projectId) ?? [])),
          ...(rules.device.get(device.id) ?? []),
        ]
      : [];
    const applicable = narrowestRules(covering);
    // Bounded: devices moving between projects leave keys behind until the rules next change.
    if (this.#forDevice.size >= MAX_REMEMBERED) this.#forDevice.clear();
    this.#forDevice.set(key, applicable);
    return applicable;
  }
}
