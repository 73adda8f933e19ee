import { z } from 'zod';
import { and, eq, inArray } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { idsBody } from '@siteops/contracts/pagination';
import type { ModuleContext } from '../../app/context.ts';
import type { Db } from '../../db/client.ts';
import { devices, projects } from '../../db/schema/index.ts';
import { authOf } from '../../auth/guard.ts';
import { callerOf, scope } from '../../auth/scope.ts';
import { conflict, notFound } from '../../http/errors.ts';
import { envelopeOf, ok } from '../../http/envelope.ts';
import { countAll } from '../../http/list.ts';
import { recordAudit } from '../audit/record.ts';
import { memberCounts } from './service.ts';

/**
 * What still belongs to a project and keeps it from being deleted, as "N things" phrases,
 * devices included.
 */
export const PROJECT_DEPENDENTS: { count: (tx: Db, projectId: number) => Promise<string[]> }[] = [
  {
    count: async (tx, projectId) => {
      const { managers, members } = await memberCounts(tx, projectId);
      return [
        ...(managers ? [`${managers} manager${managers > 1 ? 's' : ''}`] : []),
        ...(members ? [`${members} member${members > 1 ? 's' : ''}`] : []),
      ];
    },
  },
  {
    count: async (tx, projectId) => {
      const [{ n }] = await tx.select({ n: countAll }).from(devices).where(eq(devices.projectId, projectId));
      return n ? [`${n} device${n > 1 ? 's' : ''}`] : [];
    },
  },
];

export function registerDeleteProject(app: FastifyInstance, { db }: ModuleContext) {
  app.withTypeProvider<ZodTypeProvider>().delete(
    '/api/project/delete',
    {
      config: { roles: ['admin'] },
      schema: {
        tags: ['project'],
        summary: 'Delete projects ({ ids }); refused with 409 while members (or devices) still belong',
        body: idsBody,
        response: { 200: envelopeOf(z.object({ deleted: z.number() })) },
      },
    },
    async (request) => {
      const actor = authOf(request).user;
      const ids = [...new Set(request.body.ids)];
      await db.transaction(async (tx) => {
        const rows = await tx
          .select({ id: projects.id, name: projects.name, code: projects.code })
          .from(projects)
          .where(and(inArray(projects.id, ids), scope.projects(callerOf(actor))))
          .for('update');
        const missing = ids.filter((id) => !rows.some((r) => r.id === id));
        if (missing.length) throw notFound(`Project ${missing.join(', ')} not found`);
        for (const row of rows) {
          const left = (await Promise.all(PROJECT_DEPENDENTS.map((d) => d.count(tx, row.id)))).flat();
          if (left.length) {
            throw conflict(`The project ${row.name} still has ${left.join(' and ')}; remove them first`, {
              id: row.id,
              dependents: left,
            });
          }
        }
        await tx.delete(projects).where(inArray(projects.id, ids));
        for (const row of rows) {
          await recordAudit(tx, request, {
            action: 'project.delete',
            targetType: 'project',
            targetId: row.id,
            detail: { name: row.name, code: row.code },
          });
        }
      });
      return ok({ deleted: ids.length }, 'Delete Success');
    },
  );
}
