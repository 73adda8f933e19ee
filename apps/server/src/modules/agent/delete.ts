import { z } from 'zod';
import { and, eq, inArray } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { idsBody } from '@siteops/contracts/pagination';
import type { ModuleContext } from '../../app/context.ts';
import type { Db } from '../../db/client.ts';
import { agents, devices, projects, users } from '../../db/schema/index.ts';
import { authOf } from '../../auth/guard.ts';
import { callerOf, scope } from '../../auth/scope.ts';
import { conflict, notFound } from '../../http/errors.ts';
import { envelopeOf, ok } from '../../http/envelope.ts';
import { countAll } from '../../http/list.ts';
import { recordAudit } from '../audit/record.ts';
import { filesOwnedBy } from '../user/service.ts';

/**
 * What still belongs to an agent and keeps it from being deleted. Its own admin users (isAgent) are
 * not on the list: they go with it. Devices are on it too.
 */
export const AGENT_DEPENDENTS: { label: string; count: (tx: Db, agentId: number) => Promise<number> }[] = [
  {
    label: 'users',
    count: async (tx, agentId) =>
      (
        await tx
          .select({ n: countAll })
          .from(users)
          .where(and(eq(users.agentId, agentId), eq(users.isAgent, false)))
      )[0].n,
  },
  {
    label: 'projects',
    count: async (tx, agentId) =>
      (await tx.select({ n: countAll }).from(projects).where(eq(projects.agentId, agentId)))[0].n,
  },
  {
    label: 'devices',
    count: async (tx, agentId) =>
      (await tx.select({ n: countAll }).from(devices).where(eq(devices.agentId, agentId)))[0].n,
  },
];

/**
 * Delete agents and their admin users, all or none. Refused with 409, naming what is left, while
 * other users or projects still belong to one.
 */
export function registerDeleteAgent(app: FastifyInstance, { db, storage }: ModuleContext) {
  app.withTypeProvider<ZodTypeProvider>().delete(
    '/api/agent/delete',
    {
      config: { roles: ['admin'] },
      schema: {
        tags: ['agent'],
        summary: 'Delete agents ({ ids }) with their admin users; refused while users or projects belong',
        body: idsBody,
        response: { 200: envelopeOf(z.object({ deleted: z.number() })) },
      },
    },
    async (request) => {
      const actor = authOf(request).user;
      const ids = [...new Set(request.body.ids)];
      const blobs = await db.transaction(async (tx) => {
        const rows = await tx
          .select({ id: agents.id, name: agents.name })
          .from(agents)
          .where(and(inArray(agents.id, ids), scope.agents(callerOf(actor))))
          .for('update');
        const missing = ids.filter((id) => !rows.some((r) => r.id === id));
        if (missing.length) throw notFound(`Agent ${missing.join(', ')} not found`);
        for (const row of rows) {
          const left: string[] = [];
          const counts: Record<string, number> = {};
          for (const dep of AGENT_DEPENDENTS) {
            const n = await dep.count(tx, row.id);
            counts[dep.label] = n;
            if (n > 0) left.push(`${n} ${dep.label}`);
          }
          if (left.length) {
            // The counts let the console say it in the user's language.
            throw conflict(`The agent ${row.name} still has ${left.join(' and ')}; move or delete them first`, {
              id: row.id,
              name: row.name,
              dependents: left,
              counts,
            });
          }
        }
        const admins = await tx.select({ id: users.id }).from(users).where(inArray(users.agentId, ids));
        if (admins.some((a) => a.id === actor.id)) throw conflict('You cannot delete your own agent');
        const adminIds = admins.map((a) => a.id);
        const owned = await filesOwnedBy(tx, adminIds);
        if (adminIds.length) await tx.delete(users).where(inArray(users.id, adminIds));
        await tx.delete(agents).where(inArray(agents.id, ids));
        for (const row of rows) {
          await recordAudit(tx, request, {
            action: 'agent.delete',
            targetType: 'agent',
            targetId: row.id,
            detail: { name: row.name, users: adminIds },
          });
        }
        return owned;
      });
      await Promise.all(blobs.map((key) => storage.delete(key).catch(() => {})));
      return ok({ deleted: ids.length }, 'Delete Success');
    },
  );
}
