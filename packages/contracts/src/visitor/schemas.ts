import { z } from 'zod';
import { missing, optionalMultilineText, optionalText, requiredText } from '../shared/text-fields.ts';
import { instant, pageQuery, rowId, rowIdParam, sortedPageQuery, textFilter } from '../shared/pagination.ts';
import { idNoSchema, phoneSchema, SEX } from '../user/schemas.ts';
import { personFilters } from '../user/list.ts';
import { editTimes, imageRef, nullableRef, nullableString, rowRef } from '../shared/row-fields.ts';

/**
 * Spec 3/4's Visitor. `new` waits for an audit; an audit makes it `valid` (passed) or `invalid` (not
 * passed); a valid visitor whose visit has ended becomes `invalid` by itself (the expiry job).
 */
export const VISITOR_STATUS = ['new', 'valid', 'invalid'] as const;
export type VisitorStatus = (typeof VISITOR_STATUS)[number];

/** The outcome an audit records: passed (`valid`) or not passed (`invalid`). */
const AUDIT_RESULTS = ['valid', 'invalid'] as const;

/** Registration fields a project's configuration may make required (realName, phone and the visit always are). */
export const VISITOR_OPTIONAL_FIELDS = ['avatar', 'idNo', 'sex', 'address', 'reasons', 'userId'] as const;
export type VisitorOptionalField = (typeof VISITOR_OPTIONAL_FIELDS)[number];

/** Face photos: JPEG or PNG (what face terminals take), at least this many pixels a side, at most the other. */
export const VISITOR_PHOTO_MIN_PX = 100;
export const VISITOR_PHOTO_MAX_PX = 4096;

/** Default length of a visit when the configuration says nothing, and the longest one. */
export const DEFAULT_VISIT_HOURS = 8;
export const MAX_VISIT_HOURS = 24 * 31;

const photoId = z.uuid({
  error: missing('avatar', 'must be the id of an uploaded photo (POST /api/visitor/postAvatar)'),
});

export const visitorFields = {
  projectId: rowId('projectId is required'),
  realName: requiredText('realName', 64),
  avatar: photoId.nullable().optional(),
  sex: z
    .enum(SEX, { error: `sex must be one of ${SEX.join(', ')}` })
    .nullable()
    .optional(),
  phone: phoneSchema,
  idNo: idNoSchema.nullable().optional(),
  /** The visit: from `visitStart` to `visitEnd` (spec 3's expireDate). */
  visitStart: instant,
  visitEnd: instant,
  reasons: optionalMultilineText('reasons', 256),
  /** The host (receiver): a user of the visitor's project. */
  userId: rowId().nullable().optional(),
  address: optionalText('address', 256),
};

const endAfterStart = (v: { visitStart?: Date; visitEnd?: Date }, ctx: z.RefinementCtx) => {
  if (v.visitStart && v.visitEnd && v.visitEnd <= v.visitStart) {
    ctx.addIssue({ code: 'custom', path: ['visitEnd'], message: 'visitEnd must be after visitStart' });
  }
};

/** `POST /api/visitor/add`. */
export const addVisitorBody = z.object(visitorFields).superRefine(endAfterStart);

/**
 * `PUT /api/visitor/update`: `id` plus the fields that change. idNo must be the full number (never the
 * masked one a list shows); leave it out to keep it. Changing who or when of an audited visitor sends it
 * back to pending approval (see docs/decisions/0014-visitor-audit.md).
 */
export const updateVisitorBody = z
  .object({ id: rowId('id is required'), ...visitorFields })
  .partial()
  .required({ id: true })
  .superRefine(endAfterStart);

/** `PUT /api/visitor/auditVisitor`: pass (`valid`) or not pass (`invalid`), with the review opinion. */
export const auditVisitorBody = z.object({
  id: rowId('id is required'),
  status: z.enum(AUDIT_RESULTS, { error: `status must be one of ${AUDIT_RESULTS.join(', ')}` }),
  remark: optionalMultilineText('remark', 256),
});

export const VISITOR_SORT_FIELDS = ['id', 'realName', 'visitStart', 'visitEnd', 'createdAt', 'auditedAt'] as const;

/** `GET /api/visitor/listAll`: the list page's and the audit tabs' filters. */
export const visitorListQuery = sortedPageQuery(VISITOR_SORT_FIELDS).extend({
  ...personFilters,
  /** Exact ID number, matched through the keyed hash column. */
  idNo: textFilter(64),
  status: z.enum(VISITOR_STATUS).optional(),
  projectId: rowIdParam().optional(),
});

/** One visitor as lists show it: the ID number masked (first 3 and last 4 characters). */
export const visitorItem = z.object({
  id: z.number(),
  ...rowRef('project'),
  realName: z.string(),
  /** The face photo; its URL is valid a few minutes. */
  ...imageRef('avatar'),
  /** The signed pass a gate verifies offline (see `visitor-pass.ts`); null until the visitor is valid. */
  qrCode: nullableString,
  sex: nullableString,
  phone: z.string(),
  idNo: nullableString,
  visitStart: z.string(),
  visitEnd: z.string(),
  reasons: nullableString,
  userId: z.number().nullable(),
  /** The host's account name. */
  userName: nullableString,
  address: nullableString,
  status: z.enum(VISITOR_STATUS),
  /** The last audit: who (spec's updatedId), when (updatedAt) and the opinion. */
  ...nullableRef('auditor'),
  auditedAt: nullableString,
  auditRemark: nullableString,
  ...editTimes,
});
export type VisitorItem = z.infer<typeof visitorItem>;

/** `POST /api/visitor/postAvatar`: the stored photo, to put in `avatar`. */
export const visitorPhoto = z.object({
  id: z.string(),
  mime: z.string(),
  size: z.number(),
  width: z.number(),
  height: z.number(),
  url: z.string(),
});

/** `GET /api/visitor/listConfig`: one row per project the caller may configure. */
export const visitorConfigQuery = pageQuery.extend({
  /** Project name or code contains. */
  keyword: textFilter(128),
  projectId: rowIdParam().optional(),
});

const configFields = {
  /** Registration fields required beyond realName, phone and the visit. */
  requiredFields: z.array(z.enum(VISITOR_OPTIONAL_FIELDS)).max(VISITOR_OPTIONAL_FIELDS.length),
  defaultVisitHours: z
    .number({ error: 'defaultVisitHours must be a number' })
    .int()
    .min(1, `defaultVisitHours must be between 1 and ${MAX_VISIT_HOURS}`)
    .max(MAX_VISIT_HOURS, `defaultVisitHours must be between 1 and ${MAX_VISIT_HOURS}`),
  /** Visitors registered here pass without an audit. */
  autoApprove: z.boolean({ error: 'autoApprove must be true or false' }),
  /** What visitors read before they register. */
  notice: optionalMultilineText('notice', 1000),
  /** The access devices (face terminals of the project) that visitors' faces go to. */
  deviceIds: z.array(rowId()).max(200, 'at most 200 deviceIds'),
};

/** `PUT /api/visitor/publishConfig`: save a project's configuration and make it live. */
export const publishConfigBody = z.object({ projectId: rowId('projectId is required'), ...configFields });

export const visitorConfigItem = z.object({
  ...rowRef('project'),
  projectCode: z.string(),
  requiredFields: z.array(z.enum(VISITOR_OPTIONAL_FIELDS)),
  defaultVisitHours: z.number(),
  autoApprove: z.boolean(),
  notice: nullableString,
  deviceIds: z.array(z.number()),
  /** Null until first published; the version counts publications. */
  publishedAt: nullableString,
  publishedBy: nullableString,
  version: z.number(),
});
export type VisitorConfigItem = z.infer<typeof visitorConfigItem>;
