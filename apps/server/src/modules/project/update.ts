import type { projectApi } from '@siteops/contracts/project/api';
import { projects } from '../../db/schema/index.ts';
import { uniqueOr409, updateAudited } from '../../db/crud.ts';
import { conflict, forbidden } from '../../core/errors.ts';
import type { Handler } from '../../http/endpoint.ts';
import { auditChanges, changeSet } from '../audit/record.ts';
import { assertAgentExists } from '../user/service.ts';
import { duplicateCode, loadProjectInScope, memberCounts } from './service.ts';
import { t } from '../../core/messages/index.ts';

/**
 * Change a project in the caller's scope. Only an admin moves it to another agent, and only while
 * it has no managers or members.
 */
export const updateProject: Handler<typeof projectApi.update> = async (c, { id, ...patch }) => {
  const { db } = c;
  const project = await loadProjectInScope(db, c.caller, id);
  if (patch.agentId !== undefined && patch.agentId !== project.agentId) {
    if (c.caller.role !== 'admin') throw forbidden(t('project.adminOnlyMove'));
    const { managers, members } = await memberCounts(db, id);
    if (managers + members > 0) {
      throw conflict(t('project.moveWithMembers'), { field: 'agentId' });
    }
    if (patch.agentId !== null) await assertAgentExists(db, patch.agentId);
  }
  const detail = changeSet(patch, { code: project.code });
  await uniqueOr409(
    () =>
      updateAudited(db, {
        table: projects,
        id,
        set: { ...patch, updatedId: c.user.id },
        audit: { record: c.audit, action: 'project.update', targetType: 'project', detail, changes: auditChanges },
      }),
    duplicateCode(patch.code),
  );
  return null;
};
