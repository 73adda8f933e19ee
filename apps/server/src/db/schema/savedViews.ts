import { sql } from 'drizzle-orm';
import { check, index, integer, jsonb, pgTable, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import { agents } from './agents.ts';
import { projects } from './projects.ts';
import { users } from './users.ts';
import { createdAtColumn, ownerReference, serialId, updatedAtColumn } from './columns.ts';

/** What a saved view keeps (packages/contracts saved-view/schemas: savedViewState). */
export interface StoredViewState {
  /** The list's URL query: its filters, sortField/sortOrder and pageSize. */
  query: string;
  /** The visible columns' keys; absent: all. */
  columns?: string[];
  density?: string;
}

/**
 * Saved views of the console's lists (issue 33): a list's filters, sort, page size, visible columns and
 * density under a name, per user and list (`table_id`, the DataTable's id); private, or shared with the
 * people of one project or one agent (modules/saved-view). Deleted with their owner, project or agent.
 */
export const savedViews = pgTable(
  'saved_views',
  {
    id: serialId(),
    ownerId: ownerReference('owner_id', () => users.id),
    tableId: varchar('table_id', { length: 64 }).notNull(),
    name: varchar('name', { length: 40 }).notNull(),
    state: jsonb('state').$type<StoredViewState>().notNull(),
    /** private | project | agent */
    sharing: varchar('sharing', { length: 16 }).notNull().default('private'),
    projectId: integer('project_id').references(() => projects.id, { onDelete: 'cascade' }),
    agentId: integer('agent_id').references(() => agents.id, { onDelete: 'cascade' }),
    createdAt: createdAtColumn(),
    updatedAt: updatedAtColumn(),
  },
  (t) => [
    uniqueIndex('saved_views_owner_table_name_idx').on(t.ownerId, t.tableId, t.name),
    index('saved_views_table_idx').on(t.tableId),
    check('saved_views_sharing_check', sql`${t.sharing} in ('private', 'project', 'agent')`),
    // The target of the sharing's kind, and only that one.
    check(
      'saved_views_target_check',
      sql`(${t.sharing} = 'project') = (${t.projectId} is not null) and (${t.sharing} = 'agent') = (${t.agentId} is not null)`,
    ),
  ],
);
export type SavedViewRow = typeof savedViews.$inferSelect;
