import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, primaryKey, varchar } from 'drizzle-orm/pg-core';
import { agents } from './agents.ts';
import { users } from './users.ts';
import { creationStamps, editStamps, ownerReference, serialId } from './columns.ts';

/** Spec 3's Project (name, unique code, remark) and the agent that owns it (null: the platform's own). */
export const projects = pgTable(
  'projects',
  {
    id: serialId(),
    name: varchar('name', { length: 128 }).notNull(),
    code: varchar('code', { length: 64 }).notNull().unique(),
    remark: varchar('remark', { length: 512 }),
    agentId: integer('agent_id').references(() => agents.id),
    ...editStamps(),
  },
  (t) => [index('projects_agent_idx').on(t.agentId), index('projects_created_idx').on(t.createdAt)],
);

/** Project personnel. A `manager` row is what gives a manager its scope over the project. */
export const projectMembers = pgTable(
  'project_members',
  {
    projectId: integer('project_id')
      .notNull()
      .references(() => projects.id),
    userId: ownerReference('user_id', () => users.id),
    role: varchar('role', { length: 16 }).notNull().default('member'),
    ...creationStamps(),
  },
  (t) => [
    primaryKey({ columns: [t.projectId, t.userId] }),
    index('project_members_user_idx').on(t.userId, t.role),
    check('project_members_role_check', sql`${t.role} in ('manager', 'member')`),
  ],
);

export type ProjectRow = typeof projects.$inferSelect;

/**
 * The first columns of a project's own rows (its labour register, visitors, escalation chain): their
 * id, and the project, deleting them with it.
 */
export const projectRowColumns = () => ({
  id: serialId(),
  projectId: ownerReference('project_id', () => projects.id),
});
