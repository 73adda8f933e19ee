import { and, desc, eq } from 'drizzle-orm';
import type { alarmApi } from '@siteops/contracts/alarm/api';
import { alarmRules } from '../../db/schema/index.ts';
import { scope } from '../../auth/scope.ts';
import type { Handler } from '../../http/endpoint.ts';
import { countAll, pageWindow } from '../../core/list.ts';
import { toRuleItem } from './view.ts';

/** The alarm rules in the caller's scope, newest first. */
export const listRules: Handler<typeof alarmApi.ruleListAll> = async (c, q) => {
  const where = and(
    scope.alarmRules(c.caller),
    q.deviceType ? eq(alarmRules.deviceType, q.deviceType) : undefined,
    q.scope ? eq(alarmRules.scope, q.scope) : undefined,
    q.severity ? eq(alarmRules.severity, q.severity) : undefined,
  );
  const { limit, offset } = pageWindow(q);
  const [rows, [{ total }]] = await Promise.all([
    c.db.select().from(alarmRules).where(where).orderBy(desc(alarmRules.id)).limit(limit).offset(offset),
    c.db.select({ total: countAll }).from(alarmRules).where(where),
  ]);
  return { list: rows.map(toRuleItem), total, page: q.page, pageSize: q.pageSize };
};
