import { sql } from 'drizzle-orm';
import { boolean, index, integer, pgTable, text, varchar } from 'drizzle-orm/pg-core';
import { agents } from './agents.ts';
import { projects } from './projects.ts';
import { users } from './users.ts';
import { createdAtColumn, serialId, timestamptz } from './columns.ts';

/**
 * Announcements (spec 2): a draft until published; publishing writes one notice per user of the
 * audience into `notifications` (one INSERT … SELECT), and the Workplace reads those in force from here.
 * The audience's target lives in the column of its kind; deleting the agent or project deletes the
 * announcements addressed to its people.
 */
export const announcements = pgTable(
  'announcements',
  {
    id: serialId(),
    title: varchar('title', { length: 128 }).notNull(),
    body: text('body').notNull(),
    /** info | warning */
    level: varchar('level', { length: 16 }).notNull().default('info'),
    /** everyone | role | agent | project */
    audience: varchar('audience', { length: 16 }).notNull(),
    audienceRole: varchar('audience_role', { length: 16 }),
    audienceAgentId: integer('audience_agent_id').references(() => agents.id, { onDelete: 'cascade' }),
    audienceProjectId: integer('audience_project_id').references(() => projects.id, { onDelete: 'cascade' }),
    pinned: boolean('pinned').notNull().default(false),
    publishedAt: timestamptz('published_at'),
    expiresAt: timestamptz('expires_at'),
    createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAtColumn(),
    updatedAt: timestamptz('updated_at').notNull().defaultNow(),
  },
  (t) => [
    // The Workplace card: the published ones, newest first.
    index('announcements_published_idx')
      .on(t.publishedAt)
      .where(sql`${t.publishedAt} is not null`),
    index('announcements_agent_idx').on(t.audienceAgentId),
    index('announcements_project_idx').on(t.audienceProjectId),
  ],
);
export type AnnouncementRow = typeof announcements.$inferSelect;
