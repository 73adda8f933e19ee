import { and, eq, inArray, ne, or, sql, type SQL } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { LivePublisher, NewNotification, Notifier, Recipients } from '../../ports/context.ts';
import type { Db } from '../../db/client.ts';
import { affectedOf, rowsOf } from '../../db/rows.ts';
import { notificationPreferences, projectMembers, users } from '../../db/schema/index.ts';
import type { NotificationMail } from './email.ts';
import { inEachLanguage, toStored } from './texts.ts';

/** The users a notification goes to, as one condition on `users`; undefined when it names nobody. */
function recipientsWhere(to: Recipients): SQL | undefined {
  const active = ne(users.enabled, 'disable');
  const parts: SQL[] = [];
  if (to.userIds?.length) parts.push(inArray(users.id, [...to.userIds]));
  if (to.roles?.length) parts.push(and(inArray(users.role, [...to.roles]), active)!);
  if (to.agentUsersOf !== undefined && to.agentUsersOf !== null) {
    parts.push(and(eq(users.role, 'agent'), eq(users.agentId, to.agentUsersOf), active)!);
  }
  if (to.everyone) parts.push(active);
  if (to.peopleOfAgent !== undefined) parts.push(and(eq(users.agentId, to.peopleOfAgent), active)!);
  if (to.peopleOfProject !== undefined) {
    const members = sql`select pm.user_id from ${projectMembers} pm where pm.project_id = ${to.peopleOfProject}`;
    parts.push(and(sql`${users.id} in (${members})`, active)!);
  }
  if (to.managersOfProject !== undefined) {
    const managers = sql`select pm.user_id from ${projectMembers} pm where pm.project_id = ${to.managersOfProject} and pm.role = 'manager'`;
    parts.push(and(sql`${users.id} in (${managers})`, active)!);
  }
  return parts.length ? or(...parts) : undefined;
}

/** Not the users who turned this kind off in the console (a row with `console` false). */
function notMuted(kind: string): SQL {
  return sql`not exists (select 1 from ${notificationPreferences} p
    where p.user_id = ${users.id} and p.kind = ${kind} and p.console = false)`;
}

/**
 * Notifications older than `days`, read or not: the message box is for what is recent, and the table
 * does not grow for ever. Answers how many went.
 */
export async function pruneNotifications(db: Db, days: number): Promise<number> {
  const res = await db.execute(
    sql`delete from notifications where created_at < now() - make_interval(days => ${days}::int)`,
  );
  return affectedOf(res);
}

/**
 * The {@link Notifier} port: one INSERT … SELECT writes a row per recipient (an announcement to
 * 10,000 users is one statement), then each row is published to its user's tabs on every instance, and
 * those who chose email for the kind are mailed in the background (email.ts).
 */
export class NotificationService implements Notifier {
  constructor(
    private readonly db: Db,
    private readonly live: LivePublisher,
    private readonly log: FastifyBaseLogger,
    private readonly mail?: NotificationMail,
  ) {}

  async notify(n: NewNotification): Promise<number> {
    const to = recipientsWhere(n.to);
    if (!to) return 0;
    const where = n.kind ? and(to, notMuted(n.kind))! : to;
    const level = n.level ?? 'info';
    const title = JSON.stringify(toStored(n.title));
    const body = n.body ? JSON.stringify(toStored(n.body)) : null;
    try {
      const res = await this.db.execute(sql`
        insert into notifications (user_id, tab, kind, level, title, body, link)
        select ${users.id}, ${n.tab}, ${n.kind ?? null}, ${level}, ${title}::jsonb, ${body}::jsonb, ${n.link ?? null}
        from ${users} where ${where}
        returning id, user_id, created_at`);
      const rows = rowsOf<{ id: number; user_id: number; created_at: string | Date }>(res);
      const texts = { title: inEachLanguage(n.title), body: n.body ? inEachLanguage(n.body) : null };
      for (const r of rows) {
        this.live.publish({
          topic: 'notifications',
          userId: Number(r.user_id),
          type: 'notification',
          data: {
            id: Number(r.id),
            tab: n.tab,
            level,
            ...texts,
            link: n.link ?? null,
            at: new Date(r.created_at).toISOString(),
          },
        });
      }
      if (n.kind && this.mail?.available) {
        void this.mail.send(
          rows.map((r) => Number(r.user_id)),
          { ...n, kind: n.kind },
        );
      }
      return rows.length;
    } catch (err) {
      this.log.warn({ err, key: n.title.key }, 'notification not stored');
      return 0;
    }
  }
}
