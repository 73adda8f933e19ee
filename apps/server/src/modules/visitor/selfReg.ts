import type { KeyObject } from 'node:crypto';
import { and, asc, eq, ne, sql } from 'drizzle-orm';
import type { visitorApi } from '@siteops/contracts/visitor/api';
import type { VisitorOptionalField } from '@siteops/contracts/visitor/schemas';
import { DEFAULT_VISIT_HOURS } from '@siteops/contracts/visitor/schemas';
import type { Db } from '../../db/client.ts';
import { projectMembers, users, visitorRegLinks, visitors } from '../../db/schema/index.ts';
import type { Handler } from '../../http/endpoint.ts';
import { badRequest, fieldError } from '../../core/errors.ts';
import { t, type Text } from '../../core/messages/index.ts';
import { markVisitors } from './gate.ts';
import type { GateSync } from './gateSync.ts';
import { passOf, signPass } from './pass.ts';
import { storePhoto } from './photo.ts';
import { countWrite, findBySecret, newSecret, regLinksOf, sha256 } from './selfRegLink.ts';
import { assertUsablePhoto, configOf, loadProjectForVisitors } from './service.ts';

/** How far ahead a visitor may book its own visit, and how far back its start may lie (a slow form). */
const MAX_AHEAD_DAYS = 30;
const PAST_SLACK_MS = 15 * 60_000;

const links = regLinksOf(visitorRegLinks, 'visitor.rotateRegLink', loadProjectForVisitors);

/** A project's link (admin), made on first ask so every project has one to print. */
export const regLink: Handler<typeof visitorApi.regLink> = links.get;

/** A new token for the project: a leaked or retired QR code stops working at once. */
export const rotateRegLink: Handler<typeof visitorApi.rotateRegLink> = links.rotate;

/** The project's people a visitor may name as host, by the name they show; login names stay private. */
async function hostsOf(db: Db, projectId: number) {
  const name = sql<string>`coalesce(nullif(${users.nickName}, ''), nullif(${users.realName}, ''))`;
  return db
    .select({ id: users.id, name })
    .from(projectMembers)
    .innerJoin(users, eq(users.id, projectMembers.userId))
    .where(and(eq(projectMembers.projectId, projectId), ne(users.enabled, 'disable'), sql`${name} is not null`))
    .orderBy(asc(name), asc(users.id));
}

export const selfRegForm: Handler<typeof visitorApi.selfRegForm> = async (c, { token }) => {
  const project = await links.projectOfToken(c, token);
  const config = await configOf(c.db, project.id);
  return {
    projectName: project.name,
    requiredFields: (config?.requiredFields ?? []) as VisitorOptionalField[],
    defaultVisitHours: config?.defaultVisitHours ?? DEFAULT_VISIT_HOURS,
    notice: config?.notice ?? null,
    hosts: await hostsOf(c.db, project.id),
  };
};

export const selfRegPhoto: Handler<typeof visitorApi.selfRegPhoto> = async (c, { token }) => {
  const project = await links.projectOfToken(c, token);
  await countWrite(c, project.id);
  const { id, width, height } = await storePhoto(c, null);
  return { id, width, height };
};

/** Every field the configuration requires that is missing, in one 400 (the form marks them all). */
function assertRequired(required: readonly VisitorOptionalField[], body: Record<string, unknown>) {
  const missing = required.filter((f) => body[f] === undefined || body[f] === null);
  if (!missing.length) return;
  const fields: Record<string, Text> = Object.fromEntries(missing.map((f) => [f, t('visitor.requiredByConfig')]));
  throw badRequest(t('request.fieldError', { field: missing[0]!, message: t('visitor.requiredByConfig') }), fields);
}

/**
 * A visitor registers itself through the project's link: `new` (or `valid` with its pass when the
 * project passes visits automatically), a to-do for its host and the project's managers, and a secret
 * (kept only as a hash) with which the phone reads this registration back.
 */
export const selfRegSubmit =
  (passKey: KeyObject, gate: Pick<GateSync, 'kick'>): Handler<typeof visitorApi.selfRegSubmit> =>
  async (c, { token, visitStart, ...body }) => {
    const { db, pii } = c;
    const project = await links.projectOfToken(c, token);
    await countWrite(c, project.id);
    const config = await configOf(db, project.id);
    assertRequired((config?.requiredFields ?? []) as VisitorOptionalField[], body);
    const hosts = await hostsOf(db, project.id);
    const host = body.userId == null ? null : hosts.find((h) => h.id === body.userId);
    if (host === undefined) throw fieldError('userId', t('visitor.hostNotInProject'));
    if (body.avatar) await assertUsablePhoto(db, null, body.avatar, null);
    const now = Date.now();
    const start = visitStart ?? new Date(now);
    if (start.getTime() < now - PAST_SLACK_MS || start.getTime() > now + MAX_AHEAD_DAYS * 86_400_000) {
      throw fieldError('visitStart', t('visitor.selfRegStartRange', { days: MAX_AHEAD_DAYS }));
    }
    const end = new Date(start.getTime() + (config?.defaultVisitHours ?? DEFAULT_VISIT_HOURS) * 3_600_000);
    const auto = config?.autoApprove === true;
    const secret = newSecret();
    const row = await db.transaction(async (tx) => {
      const [added] = await tx
        .insert(visitors)
        .values({
          projectId: project.id,
          realName: body.realName,
          phone: body.phone,
          avatar: body.avatar ?? null,
          sex: body.sex ?? null,
          idNo: body.idNo ? pii.encrypt(body.idNo, 'visitors.id_no') : null,
          idNoHash: body.idNo ? pii.searchHash(body.idNo) : null,
          reasons: body.reasons ?? null,
          userId: host?.id ?? null,
          address: body.address ?? null,
          visitStart: start,
          visitEnd: end,
          status: auto ? 'valid' : 'new',
          auditedAt: auto ? new Date() : null,
          selfRegSecretHash: sha256(secret),
        })
        .returning();
      if (auto) {
        await tx
          .update(visitors)
          .set({ qrCode: signPass(passKey, passOf(added!)) })
          .where(eq(visitors.id, added!.id));
        await markVisitors(tx, [added!.id]);
      }
      await c.audit(
        {
          action: 'visitor.selfRegister',
          targetType: 'visitor',
          targetId: added!.id,
          detail: { realName: body.realName, projectId: project.id, autoApproved: auto },
        },
        tx,
      );
      return added!;
    });
    if (auto) gate.kick();
    const managers = await db
      .select({ id: projectMembers.userId })
      .from(projectMembers)
      .where(and(eq(projectMembers.projectId, project.id), eq(projectMembers.role, 'manager')));
    const params = { name: row.realName, project: project.name, host: host?.name ?? t('notification.visitorNoHost') };
    await c.notifications.notify({
      to: { userIds: [...new Set([...(host ? [host.id] : []), ...managers.map((m) => m.id)])] },
      tab: 'todo',
      kind: 'visitor',
      title: t(auto ? 'notification.visitorSelfRegisteredAuto' : 'notification.visitorSelfRegistered', params),
      body: t(auto ? 'notification.visitorSelfRegisteredAuto.body' : 'notification.visitorSelfRegistered.body', params),
      link: `/visitor/visitor-audit?tab=${auto ? 'valid' : 'new'}&phone=${encodeURIComponent(row.phone)}`,
    });
    return { secret, status: auto ? 'valid' : 'new' };
  };

/** One's own registration by its secret; any other secret is the same 404 (and counts as a guess). */
export const selfRegStatus: Handler<typeof visitorApi.selfRegStatus> = async (c, { secret }) => {
  const { row: v, projectName } = await findBySecret(c, visitors, visitors.selfRegSecretHash, secret);
  return {
    projectName,
    realName: v.realName,
    status: v.status as 'new' | 'valid' | 'invalid',
    visitStart: v.visitStart.toISOString(),
    visitEnd: v.visitEnd.toISOString(),
    qrCode: v.status === 'valid' ? v.qrCode : null,
    auditRemark: v.status === 'invalid' ? v.auditRemark : null,
  };
};
