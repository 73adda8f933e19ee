import { eq, sql } from 'drizzle-orm';
import type { labourApi } from '@siteops/contracts/labour/api';
import { labourSubcontractors, labourTeams, labourWorkers, projects } from '../../db/schema/index.ts';
import type { Handler } from '../../http/endpoint.ts';
import { readPage } from '../../http/readPage.ts';
import { insertAudited } from '../../db/crud.ts';
import { countAll } from '../../core/list.ts';
import { t } from '../../core/messages/index.ts';
import { changeSet } from '../audit/record.ts';
import { assertPartsInProject } from './rules.ts';
import { loadLabourProject } from './service.ts';
import { deleteParts, partsWhere, updatePart, type ProjectPart } from './projectParts.ts';

const TEAM: ProjectPart = {
  table: labourTeams,
  what: 'Team',
  targetType: 'labourTeam',
  duplicate: { field: 'name', message: t('labour.duplicateTeam') },
  updateAction: 'labour.updateTeam',
  deleteAction: 'labour.deleteTeam',
};

/** Teams of the caller's projects by name, with leader, subcontractor and workers on site. */
export const listTeams: Handler<typeof labourApi.teams> = async ({ db, caller }, q) => {
  const where = partsWhere(caller, TEAM, q);
  const { rows, total } = await readPage(
    q,
    db
      .select({
        team: labourTeams,
        projectName: projects.name,
        leaderName: labourWorkers.realName,
        subcontractorName: labourSubcontractors.name,
        onSite: sql<number>`(select count(*)::int from labour_workers ow where ow.team_id = ${labourTeams.id} and ow.status = 'on_site')`,
      })
      .from(labourTeams)
      .innerJoin(projects, eq(projects.id, labourTeams.projectId))
      .leftJoin(labourWorkers, eq(labourWorkers.id, labourTeams.leaderId))
      .leftJoin(labourSubcontractors, eq(labourSubcontractors.id, labourTeams.subcontractorId))
      .where(where)
      .orderBy(labourTeams.name, labourTeams.id),
    db.select({ total: countAll }).from(labourTeams).where(where),
  );
  const list = rows.map((r) => ({
    id: r.team.id,
    projectId: r.team.projectId,
    projectName: r.projectName,
    name: r.team.name,
    leaderId: r.team.leaderId,
    leaderName: r.leaderName,
    subcontractorId: r.team.subcontractorId,
    subcontractorName: r.subcontractorName,
    onSite: r.onSite,
    createdAt: r.team.createdAt.toISOString(),
    updatedAt: r.team.updatedAt.toISOString(),
  }));
  return { list, total, page: q.page, pageSize: q.pageSize };
};

/** Add a team to a project the caller manages; its leader and subcontractor are the project's. */
export const addTeam: Handler<typeof labourApi.addTeam> = async (c, body) => {
  const project = await loadLabourProject(c.db, c.caller, body.projectId);
  await assertPartsInProject(c.db, project.id, body);
  return insertAudited(c.db, {
    table: labourTeams,
    values: {
      projectId: project.id,
      name: body.name,
      leaderId: body.leaderId ?? null,
      subcontractorId: body.subcontractorId ?? null,
      createdId: c.user.id,
      updatedId: c.user.id,
    },
    audit: { record: c.audit, action: 'labour.addTeam', targetType: 'labourTeam', detail: changeSet(body) },
    duplicate: TEAM.duplicate,
  });
};

/** Change a team of the caller's projects (only the fields sent); its leader and subcontractor are the project's. */
export const updateTeam: Handler<typeof labourApi.updateTeam> = (c, body) =>
  updatePart(c, TEAM, body, (current) => assertPartsInProject(c.db, current.projectId, body));

/** Delete teams of the caller's projects, all or none; their workers stay, without a team. */
export const deleteTeams: Handler<typeof labourApi.deleteTeam> = (c, { ids }) => deleteParts(c, TEAM, ids);
