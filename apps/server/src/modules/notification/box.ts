import { eq } from 'drizzle-orm';
import type {
  NotificationItem,
  NotificationKind,
  NotificationLevel,
  NotificationTab,
} from '@siteops/contracts/notification/schemas';
import { notifications, type NotificationRow } from '../../db/schema/index.ts';
import type { Lang } from '../../core/messages/index.ts';
import { renderStored } from './texts.ts';

/**
 * The caller's own message box. The scope is the caller, for every role: an admin does not read
 * other users' notifications either, and another user's id answers 404.
 */
export const mine = (userId: number) => eq(notifications.userId, userId);

/** A stored notification in the reader's language. */
export const toItem = (row: NotificationRow, lang: Lang): NotificationItem => ({
  id: row.id,
  tab: row.tab as NotificationTab,
  kind: row.kind as NotificationKind | null,
  level: row.level as NotificationLevel,
  title: renderStored(row.title, lang),
  body: row.body ? renderStored(row.body, lang) : null,
  link: row.link,
  read: row.readAt !== null,
  createdAt: row.createdAt.toISOString(),
});
