import { z } from 'zod';
import { ROLES } from '../shared/roles.ts';
import { multilineText, text } from '../shared/text.ts';
import { notText } from '../shared/text-fields.ts';
import { idBody, idQuery, instant, rowId, sortedPageQuery, textFilter } from '../shared/pagination.ts';
import { editTimes, nullableRef } from '../shared/row-fields.ts';

/**
 * Announcements (spec 2: Workplace "announcements", message box "notice"): written by an admin, an
 * agent or a project manager for an audience, published once into the notice tab of every user of
 * that audience, and shown on the Workplace while in force (published and not expired).
 */
export const ANNOUNCEMENT_LEVELS = ['info', 'warning'] as const;
export type AnnouncementLevel = (typeof ANNOUNCEMENT_LEVELS)[number];

/**
 * Who an announcement is for: every user; the users of one role; the people of one agent (users whose
 * agent it is); the people of one project (its managers and members). Admins choose any; an agent only
 * its own agent's people; a manager only the people of a project it manages.
 */
export const ANNOUNCEMENT_AUDIENCES = ['everyone', 'role', 'agent', 'project'] as const;
export type AnnouncementAudience = (typeof ANNOUNCEMENT_AUDIENCES)[number];

/** draft: not published yet; published: in force; expired: published, past `expiresAt`. */
export const ANNOUNCEMENT_STATUSES = ['draft', 'published', 'expired'] as const;
export type AnnouncementStatus = (typeof ANNOUNCEMENT_STATUSES)[number];

export const ANNOUNCEMENT_TITLE_MAX = 128;
export const ANNOUNCEMENT_BODY_MAX = 2000;

const announcementFields = {
  title: text({ error: notText('title') })
    .trim()
    .min(1, 'title cannot be empty')
    .max(ANNOUNCEMENT_TITLE_MAX, `title is at most ${ANNOUNCEMENT_TITLE_MAX} characters`),
  body: multilineText({ error: notText('body') })
    .trim()
    .min(1, 'body cannot be empty')
    .max(ANNOUNCEMENT_BODY_MAX, `body is at most ${ANNOUNCEMENT_BODY_MAX} characters`),
  level: z.enum(ANNOUNCEMENT_LEVELS).default('info'),
  audience: z.enum(ANNOUNCEMENT_AUDIENCES, { error: 'audience must be one of everyone, role, agent, project' }),
  /** With audience `role`. */
  audienceRole: z.enum(ROLES).nullable().optional(),
  /** With audience `agent`. */
  audienceAgentId: rowId().nullable().optional(),
  /** With audience `project`. */
  audienceProjectId: rowId().nullable().optional(),
  pinned: z.boolean().default(false),
  /** After this instant it leaves the Workplace; null: never. */
  expiresAt: instant.nullable().optional(),
};

type AudienceInput = {
  audience: AnnouncementAudience;
  audienceRole?: string | null;
  audienceAgentId?: number | null;
  audienceProjectId?: number | null;
};

/** The audience's target is given exactly when the audience needs one. */
const targetGiven = (v: AudienceInput, ctx: z.RefinementCtx) => {
  const need = (field: keyof AudienceInput, wanted: AnnouncementAudience) => {
    if (v.audience === wanted && v[field] == null) {
      ctx.addIssue({ code: 'custom', path: [field], message: `${field} is required` });
    }
  };
  need('audienceRole', 'role');
  need('audienceAgentId', 'agent');
  need('audienceProjectId', 'project');
};

/** `POST /api/announcement/add`: a draft; `publish` sends it. */
export const addAnnouncementBody = z.object(announcementFields).superRefine(targetGiven);
export type AddAnnouncementInput = z.input<typeof addAnnouncementBody>;

/**
 * `PUT /api/announcement/update`: the whole announcement again. Once published, its audience can no
 * longer change (its notices went to that audience): a 409 then; the texts, level, pin and expiry can.
 */
export const updateAnnouncementBody = z
  .object({ id: rowId('id is required'), ...announcementFields })
  .superRefine(targetGiven);

export const publishAnnouncementBody = idBody;

const ANNOUNCEMENT_SORT_FIELDS = ['createdAt', 'publishedAt', 'title'] as const;

export const announcementListQuery = sortedPageQuery(ANNOUNCEMENT_SORT_FIELDS).extend({
  /** Title contains. */
  title: textFilter(ANNOUNCEMENT_TITLE_MAX),
  status: z.enum(ANNOUNCEMENT_STATUSES).optional(),
  level: z.enum(ANNOUNCEMENT_LEVELS).optional(),
  audience: z.enum(ANNOUNCEMENT_AUDIENCES).optional(),
});

export const announcementItem = z.object({
  id: z.number(),
  title: z.string(),
  body: z.string(),
  level: z.enum(ANNOUNCEMENT_LEVELS),
  audience: z.enum(ANNOUNCEMENT_AUDIENCES),
  audienceRole: z.enum(ROLES).nullable(),
  ...nullableRef('audienceAgent'),
  ...nullableRef('audienceProject'),
  pinned: z.boolean(),
  status: z.enum(ANNOUNCEMENT_STATUSES),
  publishedAt: z.string().nullable(),
  expiresAt: z.string().nullable(),
  createdByName: z.string().nullable(),
  ...editTimes,
});
export type AnnouncementItem = z.infer<typeof announcementItem>;

/** What a reader sees: an announcement in force for the caller's audience (so published), narrowed. */
export const announcementNotice = announcementItem
  .pick({ id: true, title: true, body: true, level: true, pinned: true, publishedAt: true, expiresAt: true })
  .extend({ publishedAt: z.string() });
export type AnnouncementNotice = z.infer<typeof announcementNotice>;

export const announcementLatestQuery = z.object({
  limit: z.coerce.number().int().min(1).max(20).default(5),
});

export const announcementIdQuery = idQuery;
