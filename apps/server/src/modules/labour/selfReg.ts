import { and, asc, eq } from 'drizzle-orm';
import type { labourApi } from '@siteops/contracts/labour/api';
import type { Db } from '../../db/client.ts';
import { labourApplications, labourRegLinks, labourTeams, projectMembers } from '../../db/schema/index.ts';
import type { Handler } from '../../http/endpoint.ts';
import { conflict, fieldError } from '../../core/errors.ts';
import { t } from '../../core/messages/index.ts';
import { storeFacePhoto } from '../visitor/personnel.ts';
import { countWrite, findBySecret, newSecret, regLinksOf, sha256 } from '../visitor/selfRegLink.ts';
import { assertPartsInProject, identityOf, samePersonInProject } from './rules.ts';
import { assertUsablePhoto } from './postPhoto.ts';
import { loadLabourProject } from './service.ts';

/**
 * A worker's self-registration from its phone (issue 35), as a visitor's (visitor/selfReg.ts): the
 * project's link by an unguessable token (a link of its own, so a visitor's QR code never registers
 * workers), the visitors' throttle and photo checks, and a secret (kept as a hash) to read the
 * application back. The decision is selfRegDecide.ts.
 */

const links = regLinksOf(labourRegLinks, 'labour.rotateRegLink', loadLabourProject);

/** A project's link (admin, agent, manager in scope), made on first ask so every project has one to print. */
export const regLink: Handler<typeof labourApi.regLink> = links.get;

/** A new token: a leaked or retired QR code stops working at once. */
export const rotateRegLink: Handler<typeof labourApi.rotateRegLink> = links.rotate;

const teamsOf = (db: Db, projectId: number) =>
  db
    .select({ id: labourTeams.id, name: labourTeams.name })
    .from(labourTeams)
    .where(eq(labourTeams.projectId, projectId))
    .orderBy(asc(labourTeams.name), asc(labourTeams.id));

export const selfRegForm: Handler<typeof labourApi.selfRegForm> = async (c, { token }) => {
  const project = await links.projectOfToken(c, token);
  return { projectName: project.name, teams: await teamsOf(c.db, project.id) };
};

export const selfRegPhoto: Handler<typeof labourApi.selfRegPhoto> = async (c, { token }) => {
  const project = await links.projectOfToken(c, token);
  await countWrite(c, project.id);
  const { id, width, height } = await storeFacePhoto(c, null);
  return { id, width, height };
};

/**
 * A worker applies through the project's link: its fields checked as the form checks them (a mainland
 * ID number's check digit, the team of the project, a phone-uploaded photo nobody holds); one pending
 * application per ID number and project. Whether the number is already registered or blacklisted is
 * judged on approval, so the public page learns nothing of the register. The project's managers get a to-do.
 */
export const selfRegSubmit: Handler<typeof labourApi.selfRegSubmit> = async (c, { token, ...body }) => {
  const { db, pii } = c;
  const project = await links.projectOfToken(c, token);
  await countWrite(c, project.id);
  const identity = identityOf(body.idType, body.idNo, body);
  await assertPartsInProject(db, project.id, { teamId: body.teamId });
  await assertUsablePhoto(db, null, body.photo, null);
  const held = await db
    .select({ id: labourApplications.id })
    .from(labourApplications)
    .where(eq(labourApplications.photo, body.photo));
  if (held.length) throw fieldError('photo', t('labour.unknownPhoto'));
  const idNoHash = pii.searchHash(body.idNo);
  const secret = newSecret();
  const row = await db.transaction(async (tx) => {
    const [pending] = await tx
      .select({ id: labourApplications.id })
      .from(labourApplications)
      .where(
        and(samePersonInProject(labourApplications, project.id, idNoHash), eq(labourApplications.status, 'pending')),
      );
    if (pending) throw conflict(t('labour.applicationPending'), { field: 'idNo' });
    const [added] = await tx
      .insert(labourApplications)
      .values({
        projectId: project.id,
        realName: body.realName,
        idType: body.idType,
        idNo: pii.encrypt(body.idNo, 'labour_applications.id_no'),
        idNoHash,
        phone: body.phone,
        ...identity,
        trade: body.trade,
        teamId: body.teamId ?? null,
        photo: body.photo,
        emergencyContact: body.emergencyContact ?? null,
        emergencyPhone: body.emergencyPhone ?? null,
        secretHash: sha256(secret),
      })
      .returning();
    await c.audit(
      {
        action: 'labour.selfRegister',
        targetType: 'labourApplication',
        targetId: added!.id,
        detail: { realName: body.realName, projectId: project.id },
      },
      tx,
    );
    return added!;
  });
  const managers = await db
    .select({ id: projectMembers.userId })
    .from(projectMembers)
    .where(and(eq(projectMembers.projectId, project.id), eq(projectMembers.role, 'manager')));
  const params = { name: row.realName, project: project.name };
  await c.notifications.notify({
    to: { userIds: managers.map((m) => m.id) },
    tab: 'todo',
    kind: 'labour',
    title: t('notification.workerSelfRegistered', params),
    body: t('notification.workerSelfRegistered.body', params),
    link: `/labour/workers?tab=applications&projectId=${project.id}`,
  });
  return { secret, status: 'pending' as const };
};

/** One's own application by its secret; any other secret is the same 404 (and counts as a guess). */
export const selfRegStatus: Handler<typeof labourApi.selfRegStatus> = async (c, { secret }) => {
  const { row: a, projectName } = await findBySecret(c, labourApplications, labourApplications.secretHash, secret);
  return {
    projectName,
    realName: a.realName,
    status: a.status as 'pending' | 'approved' | 'rejected',
    rejectReason: a.status === 'rejected' ? a.rejectReason : null,
  };
};
