import { index, integer, pgTable, uuid, varchar } from 'drizzle-orm/pg-core';
import { users } from './users.ts';
import { createdAtColumn, ownerReference } from './columns.ts';

/**
 * Uploaded images. `owner_id` is the user the image belongs to: the uploader until a user record
 * takes it (avatar, ID card sides, bank card, QR code); who may see that user may see the file.
 * The bytes live in the Storage under `id`.
 */
export const files = pgTable(
  'files',
  {
    id: uuid('id').primaryKey(),
    ownerId: ownerReference('owner_id', () => users.id),
    uploaderId: integer('uploader_id'),
    kind: varchar('kind', { length: 16 }).notNull(),
    mime: varchar('mime', { length: 64 }).notNull(),
    size: integer('size').notNull(),
    sha256: varchar('sha256', { length: 64 }).notNull(),
    createdAt: createdAtColumn(),
  },
  (t) => [index('files_owner_idx').on(t.ownerId)],
);

export type FileRow = typeof files.$inferSelect;
