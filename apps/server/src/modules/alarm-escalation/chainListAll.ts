import { and } from 'drizzle-orm';
import type { alarmEscalationApi } from '@siteops/contracts/alarm-escalation/api';
import { escalationChains, projects } from '../../db/schema/index.ts';
import { scope } from '../../auth/scope.ts';
import type { Handler } from '../../http/endpoint.ts';
import { readNewestPage } from '../../http/readPage.ts';
import { equalFilters } from '../../core/list.ts';
import { namesById } from '../../db/namesById.ts';
import { toChainItem } from './service.ts';

/** The escalation chains of the projects in the caller's scope, newest first, each with its project's name. */
export const listChains: Handler<typeof alarmEscalationApi.chainListAll> = async (c, q) => {
  const where = and(scope.escalationChains(c.caller), ...equalFilters(escalationChains, q, ['projectId']));
  const { rows, total } = await readNewestPage(c.db, escalationChains, where, q);
  const names = await namesById(c.db, projects, rows, (r) => r.projectId);
  return {
    list: rows.map((r) => toChainItem(r, names.get(r.projectId) ?? null)),
    total,
    page: q.page,
    pageSize: q.pageSize,
  };
};
