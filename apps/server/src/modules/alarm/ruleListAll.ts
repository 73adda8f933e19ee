import { and, eq, inArray } from 'drizzle-orm';
import type { alarmApi } from '@siteops/contracts/alarm/api';
import { agents, alarmRules, devices, projects, type AlarmRuleRow } from '../../db/schema/index.ts';
import type { Db } from '../../db/client.ts';
import { scope } from '../../auth/scope.ts';
import type { Handler } from '../../http/endpoint.ts';
import { readNewestPage } from '../../http/readPage.ts';
import { toRuleItem } from './view.ts';

/** The names of what the rules' scopes name (agent, project, device), one query per kind present. */
async function targetNames(db: Db, rules: readonly AlarmRuleRow[]): Promise<Map<string, string>> {
  const ids = (pick: (r: AlarmRuleRow) => number | null) => [
    ...new Set(rules.map(pick).filter((id): id is number => id !== null)),
  ];
  const [agentIds, projectIds, deviceIds] = [ids((r) => r.agentId), ids((r) => r.projectId), ids((r) => r.deviceId)];
  const [a, p, d] = await Promise.all([
    agentIds.length
      ? db.select({ id: agents.id, name: agents.name }).from(agents).where(inArray(agents.id, agentIds))
      : [],
    projectIds.length
      ? db.select({ id: projects.id, name: projects.name }).from(projects).where(inArray(projects.id, projectIds))
      : [],
    deviceIds.length
      ? db
          .select({ id: devices.id, name: devices.devName, sn: devices.sn })
          .from(devices)
          .where(inArray(devices.id, deviceIds))
      : [],
  ]);
  return new Map([
    ...a.map((r) => [`agent:${r.id}`, r.name] as const),
    ...p.map((r) => [`project:${r.id}`, r.name] as const),
    ...d.map((r) => [`device:${r.id}`, r.name || r.sn] as const),
  ]);
}

const targetKey = (r: AlarmRuleRow) =>
  r.scope === 'agent'
    ? `agent:${r.agentId}`
    : r.scope === 'project'
      ? `project:${r.projectId}`
      : `device:${r.deviceId}`;

/** The alarm rules in the caller's scope, newest first, each with the name of what its scope names. */
export const listRules: Handler<typeof alarmApi.ruleListAll> = async (c, q) => {
  const where = and(
    scope.alarmRules(c.caller),
    q.deviceType ? eq(alarmRules.deviceType, q.deviceType) : undefined,
    q.scope ? eq(alarmRules.scope, q.scope) : undefined,
    q.severity ? eq(alarmRules.severity, q.severity) : undefined,
  );
  const { rows, total } = await readNewestPage(c.db, alarmRules, where, q);
  const names = await targetNames(c.db, rows);
  return {
    list: rows.map((r) => toRuleItem(r, names.get(targetKey(r)) ?? null)),
    total,
    page: q.page,
    pageSize: q.pageSize,
  };
};
