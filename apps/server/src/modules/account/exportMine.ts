import { desc, eq } from 'drizzle-orm';
import type { accountApi } from '@siteops/contracts/account/api';
import { auditLog, certifications, notifications, projectMembers, projects } from '../../db/schema/index.ts';
import type { Handler } from '../../http/endpoint.ts';
import { sendAttachment } from '../../http/attachment.ts';
import { renderStored } from '../notification/texts.ts';
import { auditOwnAccount } from '../audit/record.ts';

/** How many of the caller's own audit rows and notifications the file carries (newest first). */
const MAX_ROWS = 10_000;

const iso = (d: Date | null) => d?.toISOString() ?? null;

/**
 * "Export data" (spec 2): everything the product holds about the caller, as one JSON file, its ID and
 * bank-card numbers and its certifications' legal ID numbers in full (it is the owner's own data; the
 * export is audited). Never the password hash, sessions or another user's data.
 */
export const exportMine: Handler<typeof accountApi.exportMine> = async (c) => {
  const { db, pii } = c;
  const me = c.user;
  const reveal = (value: string | null, column: Parameters<typeof pii.decrypt>[1]) => {
    if (value === null) return null;
    try {
      return pii.decrypt(value, column);
    } catch {
      return null;
    }
  };
  const [memberships, certs, inbox, trail] = await Promise.all([
    db
      .select({ name: projects.name, code: projects.code, role: projectMembers.role, since: projectMembers.createdAt })
      .from(projectMembers)
      .innerJoin(projects, eq(projects.id, projectMembers.projectId))
      .where(eq(projectMembers.userId, me.id)),
    db.select().from(certifications).where(eq(certifications.userId, me.id)).orderBy(desc(certifications.id)),
    db
      .select()
      .from(notifications)
      .where(eq(notifications.userId, me.id))
      .orderBy(desc(notifications.id))
      .limit(MAX_ROWS),
    db.select().from(auditLog).where(eq(auditLog.actorId, me.id)).orderBy(desc(auditLog.id)).limit(MAX_ROWS),
  ]);
  const { password: _password, idNo, idNoHash: _hash, cardNo, ...profile } = me;
  const file = {
    exportedAt: new Date().toISOString(),
    profile: {
      ...profile,
      idNo: reveal(idNo, 'users.id_no'),
      cardNo: reveal(cardNo, 'users.card_no'),
    },
    projects: memberships.map((m) => ({ ...m, since: iso(m.since) })),
    certifications: certs.map(({ legalIdNoHash: _h, legalIdNo, ...row }) => ({
      ...row,
      legalIdNo: reveal(legalIdNo, 'certifications.legal_id_no'),
    })),
    notifications: inbox.map((n) => ({
      tab: n.tab,
      level: n.level,
      title: renderStored(n.title, c.lang),
      body: n.body ? renderStored(n.body, c.lang) : null,
      link: n.link,
      readAt: iso(n.readAt),
      createdAt: iso(n.createdAt),
    })),
    activity: trail.map((a) => ({
      action: a.action,
      targetType: a.targetType,
      targetId: a.targetId,
      detail: a.detail,
      ip: a.ip,
      createdAt: iso(a.createdAt),
    })),
  };
  await auditOwnAccount(c, 'user.exportMine');
  return sendAttachment(c.reply, JSON.stringify(file, null, 2), {
    type: 'application/json; charset=utf-8',
    fileName: `siteops-${me.userName}-${new Date().toISOString().slice(0, 10)}.json`,
    noStore: true,
  });
};
