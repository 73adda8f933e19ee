import { sql } from 'drizzle-orm';
import type { labourApi } from '@siteops/contracts/labour/api';
import { labourSettings } from '../../db/schema/index.ts';
import type { Handler } from '../../http/endpoint.ts';
import { auditChanges, changeSet } from '../audit/record.ts';
import { loadLabourProject, settingsOf } from './service.ts';
import type { WorkerGates } from './gate.ts';
import { recheckCertificateBars } from './certificateGate.ts';

/** A project's attendance settings (the defaults when never set). */
export const getSettings: Handler<typeof labourApi.settings> = async ({ db, caller }, q) => {
  const project = await loadLabourProject(db, caller, q.projectId);
  return settingsOf(db, project.id);
};

/**
 * Change a project's cut-off hour or UTC offset (attendance is worked out on read, so past days follow),
 * or whether workers without a valid required certificate are kept off its face terminals (those it
 * concerns are removed or enrolled again now).
 */
export const updateSettings =
  (gates: WorkerGates): Handler<typeof labourApi.updateSettings> =>
  async (c, { projectId, ...patch }) => {
    const project = await loadLabourProject(c.db, c.caller, projectId);
    const current = await settingsOf(c.db, project.id);
    const next = {
      ...current,
      ...Object.fromEntries(Object.entries(patch).filter(([, v]) => v !== undefined)),
    };
    await c.db.transaction(async (tx) => {
      await tx
        .insert(labourSettings)
        .values({
          projectId: project.id,
          cutoffHour: next.cutoffHour,
          utcOffsetMinutes: next.utcOffsetMinutes,
          requireValidCertificate: next.requireValidCertificate,
          absentDays: next.absentDays,
          updatedId: c.user.id,
        })
        .onConflictDoUpdate({
          target: labourSettings.projectId,
          set: {
            cutoffHour: next.cutoffHour,
            utcOffsetMinutes: next.utcOffsetMinutes,
            requireValidCertificate: next.requireValidCertificate,
            absentDays: next.absentDays,
            updatedId: c.user.id,
            updatedAt: new Date(),
          },
        });
      await recheckCertificateBars(tx, gates, sql`w.project_id = ${project.id}`);
      await c.audit(
        {
          action: 'labour.updateSettings',
          targetType: 'project',
          targetId: project.id,
          // Before: the settings read above (the defaults when never set), as the answer's `next` is built on them.
          detail: changeSet(patch, { changes: auditChanges(current, patch) }),
        },
        tx,
      );
    });
    return next;
  };
