import { eq, sql } from 'drizzle-orm';
import type { labourApi } from '@siteops/contracts/labour/api';
import { labourSubcontractors, projects } from '../../db/schema/index.ts';
import type { Handler } from '../../http/endpoint.ts';
import { readPage } from '../../http/readPage.ts';
import { insertAudited } from '../../db/crud.ts';
import { countAll } from '../../core/list.ts';
import { t } from '../../core/messages/index.ts';
import { changeSet } from '../audit/record.ts';
import { loadLabourProject } from './service.ts';
import { deleteParts, partsWhere, updatePart, type ProjectPart } from './projectParts.ts';

const SUBCONTRACTOR: ProjectPart = {
  table: labourSubcontractors,
  what: 'Subcontractor',
  targetType: 'subcontractor',
  duplicate: { field: 'name', message: t('labour.duplicateSubcontractor') },
  updateAction: 'labour.updateSubcontractor',
  deleteAction: 'labour.deleteSubcontractor',
};

/** Subcontractors of the caller's projects by name, with their workers on site. */
export const listSubcontractors: Handler<typeof labourApi.subcontractors> = async ({ db, caller }, q) => {
  const where = partsWhere(caller, SUBCONTRACTOR, q);
  const { rows, total } = await readPage(
    q,
    db
      .select({
        s: labourSubcontractors,
        projectName: projects.name,
        onSite: sql<number>`(select count(*)::int from labour_workers ow where ow.subcontractor_id = ${labourSubcontractors.id} and ow.status = 'on_site')`,
      })
      .from(labourSubcontractors)
      .innerJoin(projects, eq(projects.id, labourSubcontractors.projectId))
      .where(where)
      .orderBy(labourSubcontractors.name, labourSubcontractors.id),
    db.select({ total: countAll }).from(labourSubcontractors).where(where),
  );
  const list = rows.map(({ s, projectName, onSite }) => ({
    id: s.id,
    projectId: s.projectId,
    projectName,
    name: s.name,
    creditCode: s.creditCode,
    contact: s.contact,
    phone: s.phone,
    onSite,
    createdAt: s.createdAt.toISOString(),
    updatedAt: s.updatedAt.toISOString(),
  }));
  return { list, total, page: q.page, pageSize: q.pageSize };
};

/** Add a subcontractor to a project the caller manages. */
export const addSubcontractor: Handler<typeof labourApi.addSubcontractor> = async (c, body) => {
  const project = await loadLabourProject(c.db, c.caller, body.projectId);
  return insertAudited(c.db, {
    table: labourSubcontractors,
    values: {
      projectId: project.id,
      name: body.name,
      creditCode: body.creditCode ?? null,
      contact: body.contact ?? null,
      phone: body.phone ?? null,
      createdId: c.user.id,
      updatedId: c.user.id,
    },
    audit: { record: c.audit, action: 'labour.addSubcontractor', targetType: 'subcontractor', detail: changeSet(body) },
    duplicate: SUBCONTRACTOR.duplicate,
  });
};

/** Change a subcontractor of the caller's projects (only the fields sent). */
export const updateSubcontractor: Handler<typeof labourApi.updateSubcontractor> = (c, body) =>
  updatePart(c, SUBCONTRACTOR, body);

/** Delete subcontractors of the caller's projects, all or none; workers and teams stay, without an employer. */
export const deleteSubcontractors: Handler<typeof labourApi.deleteSubcontractor> = (c, { ids }) =>
  deleteParts(c, SUBCONTRACTOR, ids);
