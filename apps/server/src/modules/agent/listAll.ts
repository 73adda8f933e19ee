import { and, eq, not } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { agentItem, agentListQuery, AGENT_SORT_FIELDS } from '@siteops/contracts/agent';
import { pageOf } from '@siteops/contracts/pagination';
import type { ModuleContext } from '../../app/context.ts';
import { agents } from '../../db/schema/index.ts';
import { authOf } from '../../auth/guard.ts';
import { callerOf, scope } from '../../auth/scope.ts';
import { agentExpiredSql } from '../../auth/sessions.ts';
import { envelopeOf, ok } from '../../http/envelope.ts';
import { contains, countAll, orderBy, pageWindow } from '../../http/list.ts';
import { agentColumns, toAgentItems } from './service.ts';

const SORT_COLUMNS = {
  id: agents.id,
  name: agents.name,
  expDate: agents.expDate,
  createdAt: agents.createdAt,
  updatedAt: agents.updatedAt,
} satisfies Record<(typeof AGENT_SORT_FIELDS)[number], unknown>;

export function registerListAgents(app: FastifyInstance, { db }: ModuleContext) {
  app.withTypeProvider<ZodTypeProvider>().get(
    '/api/agent/listAll',
    {
      config: { roles: ['admin', 'agent'] },
      schema: {
        tags: ['agent'],
        summary: "Agents in the caller's scope (an agent sees its own), filtered, sorted and paged",
        querystring: agentListQuery,
        response: { 200: envelopeOf(pageOf(agentItem)) },
      },
    },
    async (request) => {
      const q = request.query;
      const where = and(
        scope.agents(callerOf(authOf(request).user)),
        contains(agents.name, q.name),
        contains(agents.linkName, q.linkName),
        contains(agents.linkPhone, q.linkPhone),
        q.status ? eq(agents.status, q.status) : undefined,
        q.expired === undefined ? undefined : q.expired ? agentExpiredSql : not(agentExpiredSql),
      );
      const [rows, [{ total }]] = await Promise.all([
        db
          .select(agentColumns)
          .from(agents)
          .where(where)
          .orderBy(...orderBy(SORT_COLUMNS, agents.id, q.sortField, q.sortOrder, 'createdAt'))
          .limit(pageWindow(q).limit)
          .offset(pageWindow(q).offset),
        db.select({ total: countAll }).from(agents).where(where),
      ]);
      return ok({ list: await toAgentItems(db, rows), total, page: q.page, pageSize: q.pageSize });
    },
  );
}
