import { z } from 'zod';
import { nullableString } from '../shared/row-fields.ts';
import { auditTarget } from '../audit/schemas.ts';

// The user-info page and the workplace: the overview counted in the caller's scope, and site notifications.

/** `GET /api/user/overview`: the user-info page's overview, counted from real data in the caller's scope. */
export const userOverview = z.object({
  counts: z.object({ users: z.number(), agents: z.number(), projects: z.number(), myProjects: z.number() }),
  visits: z.object({
    thisMonth: z.number(),
    lastMonth: z.number(),
    /** Percent change against last month; null when last month had none. */
    change: z.number().nullable(),
  }),
  myProjects: z.array(
    z.object({
      id: z.number(),
      name: z.string(),
      code: z.string(),
      createdAt: z.string(),
      memberCount: z.number(),
      /** The project's devices and how many are online now (the project cards of the Workplace). */
      devices: z.object({ total: z.number(), online: z.number() }),
    }),
  ),
  team: z.array(
    z.object({
      id: z.number(),
      userName: z.string(),
      realName: nullableString,
      avatarUrl: nullableString,
      role: z.string(),
    }),
  ),
  activity: z.array(
    z.object({
      id: z.number(),
      actorName: nullableString,
      action: z.string(),
      ...auditTarget,
      /** The target's name (now, or as the audit kept it); null when it has none to show. */
      targetName: nullableString,
      createdAt: z.string(),
    }),
  ),
});
export type UserOverview = z.infer<typeof userOverview>;

/** `GET /api/user/overview` query: how many activity and notification rows ("show more"). */
export const userOverviewQuery = z.object({
  limit: z.coerce.number().int().min(1).max(50).default(10),
});

/**
 * A site notification: something someone else did that concerns the caller (its account changed,
 * its password reset, added to a project or made its manager), read from the audit log.
 */
const siteNotification = z.object({
  id: z.number(),
  action: z.string(),
  actorName: nullableString,
  ...auditTarget,
  /** The project's name for project notifications (null when the project is gone). */
  projectName: nullableString,
  createdAt: z.string(),
});
export type SiteNotification = z.infer<typeof siteNotification>;

/** The overview as every role gets it (workplace): the user-info overview plus site notifications. */
export const workplaceOverview = userOverview.extend({
  notifications: z.array(siteNotification),
  /** Whether more activity / notification rows exist beyond `limit`. */
  more: z.object({ activity: z.boolean(), notifications: z.boolean() }),
});
export type WorkplaceOverview = z.infer<typeof workplaceOverview>;
