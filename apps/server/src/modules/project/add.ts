import type { projectApi } from '@siteops/contracts/project/api';
import { projects } from '../../db/schema/index.ts';
import { insertAudited } from '../../db/crud.ts';
import type { Handler } from '../../http/endpoint.ts';
import { changeSet } from '../audit/record.ts';
import { assertAgentExists } from '../user/service.ts';
import { duplicateCode } from './service.ts';

/** A new project, of an existing agent when it names one; a taken code is a 409 on `code`. */
export const addProject: Handler<typeof projectApi.add> = async (c, body) => {
  if (body.agentId != null) await assertAgentExists(c.db, body.agentId);
  return insertAudited(c.db, {
    table: projects,
    values: { ...body, createdId: c.user.id, updatedId: c.user.id },
    audit: { record: c.audit, action: 'project.add', targetType: 'project', detail: changeSet(body) },
    duplicate: duplicateCode(body.code),
  });
};
