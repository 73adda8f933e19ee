import { and, inArray } from 'drizzle-orm';
import type { alarmApi } from '@siteops/contracts/alarm/api';
import { agents, alarmRules, devices, projects, type AlarmRuleRow } from '../../db/schema/index.ts';
import type { Db } from '../../db/client.ts';
import { namesById } from '../../db/namesById.ts';
import { scope } from '../../auth/scope.ts';
import type { Handler } from '../../http/endpoint.ts';
import { readNewestPage } from '../../http/readPage.ts';
import { equalFilters } from '../../core/list.ts';
import { toRuleItem } from './view.ts';

/** Each rule's target name (its agent's, project's or device's, by its scope), one query per kind present. */
async function targetNames(db: Db, rules: readonly AlarmRuleRow[]): Promise<(r: AlarmRuleRow) => string | null> {
  const deviceIds = [...new Set(rules.map((r) => r.deviceId).filter((id): id is number => id !== null))];
  const [agentNames, projectNames, deviceRows] = await Promise.all([
    namesById(db, agents, rules, (r) => r.agentId),
    namesById(db, projects, rules, (r) => r.projectId),
    deviceIds.length
      ? db
          .select({ id: devices.id, name: devices.devName, sn: devices.sn })
          .from(devices)
          .where(inArray(devices.id, deviceIds))
      : [],
  ]);
  const deviceNames = new Map<number | null, string>(deviceRows.map((d) => [d.id, d.name || d.sn]));
  return (r) =>
    (r.scope === 'agent'
      ? agentNames.get(r.agentId)
      : r.scope === 'project'
        ? projectNames.get(r.projectId)
        : deviceNames.get(r.deviceId)) ?? null;
}

/** The alarm rules in the caller's scope, newest first, each with the name of what its scope names. */
export const listRules: Handler<typeof alarmApi.ruleListAll> = async (c, q) => {
  const where = and(scope.alarmRules(c.caller), ...equalFilters(alarmRules, q, ['deviceType', 'scope', 'severity']));
  const { rows, total } = await readNewestPage(c.db, alarmRules, where, q);
  const targetName = await targetNames(c.db, rows);
  return {
    list: rows.map((r) => toRuleItem(r, targetName(r))),
    total,
    page: q.page,
    pageSize: q.pageSize,
  };
};
