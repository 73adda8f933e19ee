import { createHash, randomBytes } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import type { AnyPgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { AuditAction } from '@siteops/contracts/audit/actions';
import { labourRegLinks, projects, visitorRegLinks } from '../../db/schema/index.ts';
import type { Db } from '../../db/client.ts';
import type { Caller } from '../../auth/scope.ts';
import type { HandlerContext } from '../../http/endpoint.ts';
import { notFoundOf, type Entity } from '../../core/errors.ts';
import { assertNotThrottled, countAttempt, selfRegKeys } from './selfRegLimit.ts';

/**
 * A project's self-registration link, the same for visitors (this module) and workers (labour/selfReg.ts),
 * each over a table of its own so a visitor's QR code never registers workers: an unguessable token made
 * on first ask, rotated with an audit row, and the project behind it read back from the public page with
 * the self-registration throttle (selfRegLimit.ts) counting unknown tokens and the phone's writes.
 */

/** An unguessable token or secret for the public pages. */
export const newSecret = () => randomBytes(24).toString('base64url');
/** How a secret is kept: only its hash is stored. */
export const sha256 = (s: string) => createHash('sha256').update(s).digest('hex');

type RegLinkTable = typeof visitorRegLinks | typeof labourRegLinks;
type RegLinkRow = typeof visitorRegLinks.$inferSelect;

const toLinkItem = (row: RegLinkRow) => ({
  projectId: row.projectId,
  token: row.token,
  createdAt: row.createdAt.toISOString(),
});

/**
 * A lookup by a public token or secret: refused while the client backs off, and a miss counts on the
 * client's counter like a failed login (so guessing backs off) before the same 404 as any other miss.
 */
export async function findCountingMisses<T>(c: HandlerContext, what: Entity, find: () => Promise<T | undefined>) {
  const clientKeys = selfRegKeys(c.request.ip, null, c.config);
  await assertNotThrottled(c.db, clientKeys);
  const row = await find();
  if (!row) {
    await countAttempt(c.db, clientKeys, c.config);
    throw notFoundOf(what);
  }
  return row;
}

/**
 * The row of `table` (with its project's name) that a phone's `secret` names, kept only as its hash in
 * `secretHash`; any other secret is the same 404 and counts as a guess ({@link findCountingMisses}).
 */
export function findBySecret<T extends PgTable & { projectId: AnyPgColumn }>(
  c: HandlerContext,
  table: T,
  secretHash: AnyPgColumn,
  secret: string,
): Promise<{ row: T['$inferSelect']; projectName: string }> {
  return findCountingMisses(c, 'Registration', async () => {
    // Drizzle cannot infer the row of a table it only knows as generic: it is the table's own select row.
    const [found] = (await c.db
      .select({ row: table as PgTable, projectName: projects.name })
      .from(table as PgTable)
      .innerJoin(projects, eq(projects.id, table.projectId))
      .where(eq(secretHash, sha256(secret)))) as unknown as { row: T['$inferSelect']; projectName: string }[];
    return found;
  });
}

/** A write from the phone: counted on the client's and the project's counters, refused while backing off. */
export async function countWrite(c: HandlerContext, projectId: number) {
  const keys = selfRegKeys(c.request.ip, projectId, c.config);
  await assertNotThrottled(c.db, keys);
  await countAttempt(c.db, keys, c.config);
}

/**
 * The link operations over one table: the `get` and `rotate` handlers of a project the caller may see
 * (`loadProject` says which: a 404 otherwise), and `rotateAction` is the audit action a rotation records.
 */
export function regLinksOf(
  table: RegLinkTable,
  rotateAction: AuditAction,
  loadProject: (db: Db, caller: Caller, projectId: number) => Promise<{ id: number }>,
) {
  return {
    /** The project's link, made on first ask so every project has one to print. */
    async get(c: HandlerContext, input: { projectId: number }) {
      const { id: projectId } = await loadProject(c.db, c.caller, input.projectId);
      await c.db
        .insert(table)
        .values({ projectId, token: newSecret(), createdId: c.user.id })
        .onConflictDoNothing({ target: table.projectId });
      const [row] = await c.db.select().from(table).where(eq(table.projectId, projectId));
      return toLinkItem(row!);
    },

    /** A new token for the project: a leaked or retired QR code stops working at once. */
    async rotate(c: HandlerContext, input: { projectId: number }) {
      const { id: projectId } = await loadProject(c.db, c.caller, input.projectId);
      const row = await c.db.transaction(async (tx) => {
        const [saved] = await tx
          .insert(table)
          .values({ projectId, token: newSecret(), createdId: c.user.id })
          .onConflictDoUpdate({
            target: table.projectId,
            set: { token: sql`excluded.token`, createdId: c.user.id, createdAt: sql`now()` },
          })
          .returning();
        await c.audit({ action: rotateAction, targetType: 'project', targetId: projectId }, tx);
        return saved!;
      });
      return toLinkItem(row);
    },

    /** The project behind a token; an unknown token counts as a guess (findCountingMisses). */
    projectOfToken: (c: HandlerContext, token: string) =>
      findCountingMisses(c, 'RegistrationLink', async () => {
        const [row] = await c.db
          .select({ id: projects.id, name: projects.name })
          .from(table)
          .innerJoin(projects, eq(projects.id, table.projectId))
          .where(eq(table.token, token));
        return row;
      }),
  };
}
