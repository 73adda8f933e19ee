import { z } from 'zod';
import { and, eq, inArray } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { idsBody } from '@siteops/contracts/pagination';
import type { ProjectInUse } from '@siteops/contracts/project';
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
 * What still belongs to a project and keeps it from being deleted: managers, members and devices.
 * The 409 carries the counts so the console can say it in the user's language.
 */
export async function projectDependents(tx: Db, projectId: number): Promise<ProjectInUse['counts']> {
  const { managers, members } = await memberCounts(tx, projectId);
  const [{ n: devicesLeft }] = await tx.select({ n: countAll }).from(devices).where(eq(devices.projectId, projectId));
  return { managers, members, devices: devicesLeft };
}

const plural = (n: number, what: string) => `${n} ${what}${n > 1 ? 's' : ''}`;

/** The counts as "N things" phrases, for the message. */
export function dependentPhrases(counts: ProjectInUse['counts']): string[] {
  return [
    ...(counts.managers ? [plural(counts.managers, 'manager')] : []),
    ...(counts.members ? [plural(counts.members, 'member')] : []),
    ...(counts.devices ? [plural(counts.devices, 'device')] : []),
  ];
}

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
          const counts = await projectDependents(tx, row.id);
          const left = dependentPhrases(counts);
          if (left.length) {
            const data: ProjectInUse = { id: row.id, name: row.name, dependents: left, counts };
            throw conflict(`The project ${row.name} still has ${left.join(' and ')}; remove them first`, data);
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
