import { z } from 'zod';
import { countsOf } from '../shared/number-fields.ts';
import { idBody, queryBool, sortedPageQuery, textFilter } from '../shared/pagination.ts';

/**
 * The message box (spec 2): every notification belongs to ONE user and sits in one tab.
 * - `message`: something that happened to the user or their things (a device offline, a password reset);
 * - `notice`: announcements;
 * - `todo`: something waiting for the user to act (a visitor to approve, a certification to review).
 */
export const NOTIFICATION_TABS = ['message', 'notice', 'todo'] as const;
export type NotificationTab = (typeof NOTIFICATION_TABS)[number];

export const NOTIFICATION_LEVELS = ['info', 'success', 'warning', 'error'] as const;
export type NotificationLevel = (typeof NOTIFICATION_LEVELS)[number];

/**
 * What a notification is about, for the user's preferences (which kinds reach me, and how). A
 * notification without a kind (a password changed: the account's security) always arrives.
 */
export const NOTIFICATION_KINDS = [
  'device',
  'certification',
  'visitor',
  'rollout',
  'announcement',
  'alarm',
  'labour',
] as const;
export type NotificationKind = (typeof NOTIFICATION_KINDS)[number];
/** The message box's filter: a kind, or `account` for what has none (password changed, security bound). */
export const NOTIFICATION_FILTER_KINDS = [...NOTIFICATION_KINDS, 'account'] as const;

const NOTIFICATION_SORT_FIELDS = ['createdAt'] as const;

export const notificationListQuery = sortedPageQuery(NOTIFICATION_SORT_FIELDS).extend({
  tab: z.enum(NOTIFICATION_TABS).optional(),
  /** true: only unread; false: only read; absent: both. */
  unread: queryBool.optional(),
  /** Words of the title or body, in the reader's language. */
  keyword: textFilter(64),
  /** What it is about; `account`: the account's own security (notifications without a kind). */
  kind: z.enum(NOTIFICATION_FILTER_KINDS).optional(),
});

export const notificationItem = z.object({
  id: z.number(),
  tab: z.enum(NOTIFICATION_TABS),
  /** What it is about; null: the account's own security. */
  kind: z.enum(NOTIFICATION_KINDS).nullable(),
  level: z.enum(NOTIFICATION_LEVELS),
  /** In the request's language. */
  title: z.string(),
  body: z.string().nullable(),
  /** A console path to what it is about (click-through), or null. */
  link: z.string().nullable(),
  read: z.boolean(),
  createdAt: z.string(),
});
export type NotificationItem = z.infer<typeof notificationItem>;

/** Unread items per tab, and their sum (the bell's badge). */
export const notificationCounts = countsOf([...NOTIFICATION_TABS, 'total']);

export const readNotificationBody = idBody;
export const readAllNotificationsBody = z.object({ tab: z.enum(NOTIFICATION_TABS).optional() });

const notificationPreference = z.object({
  kind: z.enum(NOTIFICATION_KINDS),
  /** In the message box (and live). */
  console: z.boolean(),
  /** By email, to the bound security email; kept but not sent while the server has no SMTP_URL. */
  email: z.boolean(),
});
export type NotificationPreference = z.infer<typeof notificationPreference>;

export const notificationPreferences = z.object({
  /** Whether the server can send email at all; the console greys the email switches out when not. */
  emailAvailable: z.boolean(),
  /** Whether the caller has a security email to send to (bound under security settings). */
  emailBound: z.boolean(),
  /** One per kind, in NOTIFICATION_KINDS order. */
  preferences: z.array(notificationPreference),
});
export type NotificationPreferences = z.infer<typeof notificationPreferences>;

export const savePreferencesBody = z.object({
  preferences: z
    .array(notificationPreference)
    .min(1)
    .max(NOTIFICATION_KINDS.length)
    .refine((list) => new Set(list.map((p) => p.kind)).size === list.length, 'each kind once'),
});
