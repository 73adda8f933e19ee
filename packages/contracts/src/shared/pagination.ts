import { z } from 'zod';
import { text } from './text.ts';

/**
 * List conventions shared by every `GET /api/<module>/listAll`: `page` (1-based) and `pageSize`
 * (at most {@link PAGE_SIZE_MAX}), filters, and a sort field from a whitelist; answers
 * `{ list, total, page, pageSize }`.
 */
export const PAGE_SIZE_MAX = 200;
export const PAGE_SIZE_DEFAULT = 20;
/** OFFSET beyond this gets slow on big tables; nobody pages that deep by hand. */
const PAGE_MAX = 10_000;

export const pageQuery = z.object({
  page: z.coerce.number().int().min(1).max(PAGE_MAX).default(1),
  pageSize: z.coerce.number().int().min(1).max(PAGE_SIZE_MAX).default(PAGE_SIZE_DEFAULT),
});

const SORT_ORDERS = ['asc', 'desc'] as const;
export type SortOrder = (typeof SORT_ORDERS)[number];

/** `sortField` limited to `fields` (anything else is a 400 naming `sortField`), `sortOrder` asc|desc. */
function sortQuery<const F extends readonly [string, ...string[]]>(fields: F) {
  return z.object({
    sortField: z.enum(fields).optional(),
    sortOrder: z.enum(SORT_ORDERS).optional(),
  });
}

/**
 * The query of a sortable list: paging plus a `sortField` from `fields`. Every sortable `listAll`
 * starts from it and extends it with its own filters.
 */
export const sortedPageQuery = <const F extends readonly [string, ...string[]]>(fields: F) =>
  pageQuery.extend(sortQuery(fields).shape);

/**
 * A text filter of a list query (matched as contains, exactly or as a keyword, as its list says):
 * trimmed, at most `max` characters, optional.
 */
export const textFilter = (max: number) => text().trim().max(max).optional();

/** A boolean in a query string: true/false or 1/0. */
export const queryBool = z.enum(['true', 'false', '1', '0']).transform((v) => v === 'true' || v === '1');

/** An instant in a query string or body (ISO 8601, date or date-time). */
export const instant = text()
  .trim()
  .refine((s) => /^\d{4}-\d{2}-\d{2}([T ][\d:.]+(Z|[+-]\d{2}:?\d{2})?)?$/.test(s) && !Number.isNaN(Date.parse(s)), {
    message: 'must be an ISO 8601 date or date-time',
  })
  .transform((s) => new Date(s));

/** Whether `s` is a calendar date, YYYY-MM-DD, that exists (not 2025-02-30); shared by every date field. */
export const isCalendarDate = (s: string) => {
  const d = new Date(`${s}T00:00:00Z`);
  return /^\d{4}-\d{2}-\d{2}$/.test(s) && !Number.isNaN(d.getTime()) && d.toISOString().startsWith(s);
};

/** An optional `from`–`to` filter on instants; either end may be left open. */
export const instantRangeFilter = {
  from: instant.optional(),
  to: instant.optional(),
};

/** A calendar date, YYYY-MM-DD, that exists. */
export const calendarDate = text().trim().refine(isCalendarDate, { message: 'must be a date YYYY-MM-DD' });

/** Row ids are PostgreSQL `integer` (int4): anything outside 1..2^31-1 names no row and is a 400. */
const ID_MAX = 2_147_483_647;
const ID_RANGE = `must be an id from 1 to ${ID_MAX}`;

/** A row id in a JSON body; `error` replaces the message for a missing or non-number value. */
export const rowId = (error?: string) =>
  z
    .number(error ? { error } : undefined)
    .int(ID_RANGE)
    .min(1, ID_RANGE)
    .max(ID_MAX, ID_RANGE);

/** A row id in a query string or path (`?id=12`, `/device/12/...`). */
export const rowIdParam = () => z.coerce.number().int(ID_RANGE).min(1, ID_RANGE).max(ID_MAX, ID_RANGE);

/** An id in a query string: `?id=12`. */
export const idQuery = z.object({ id: rowIdParam() });

/** A body that names one row: `{ id }` (publish, withdraw, reset, mark read…). */
export const idBody = z.object({ id: rowId('id is required') });

/**
 * The body of a `PUT /api/<module>/update` over the add form's `fields`: the row's `id` plus any of
 * the fields; only those sent change. `fixed` names the fields a row keeps from its add (a worker's
 * project, a certificate's worker): an update does not take them.
 */
export const updateBodyOf = <const S extends z.ZodRawShape, const K extends keyof S & string = never>(
  fields: S,
  fixed: readonly K[] = [],
) => {
  const changeable = Object.fromEntries(Object.entries(fields).filter(([key]) => !fixed.includes(key as K)));
  return z
    .object(changeable as Omit<S, K>)
    .partial()
    .extend(idBody.shape);
};

/** The body of every `DELETE /api/<module>/delete`. */
export const idsBody = z.object({
  ids: z.array(rowId()).min(1, 'ids cannot be empty').max(500),
});

/** What a delete by `ids` (every `DELETE /api/<module>/delete`) answers: how many rows it deleted. */
export const deletedAnswer = z.object({ deleted: z.number() });

/** What every `POST /api/<module>/add` that creates one row answers: the new row's id. */
export const createdAnswer = z.object({ id: z.number() });

/** Schema of a list answer around `item`. */
export const pageOf = <T extends z.ZodType>(item: T) =>
  z.object({ list: z.array(item), total: z.number(), page: z.number(), pageSize: z.number() });

/**
 * Lists that can grow past what one page of a console is for (visitors) count their total up to this:
 * past it the total is this and `totalCapped` is true (cappedPageOf), so the default page of 100,000
 * rows does not read them all to count them.
 */
export const LIST_COUNT_CAP = 10_000;

/**
 * A list answer whose total is counted only up to a cap (a search over millions of rows): past it,
 * `total` is the cap and `totalCapped` says there are more; the console shows "more than …".
 */
export const cappedPageOf = <T extends z.ZodType>(item: T) => pageOf(item).extend({ totalCapped: z.boolean() });

/**
 * A `from`–`to` range of instants is a field error on `to` when it ends before it starts or spans more
 * than `maxDays` (for a superRefine). zod runs a refinement even when a field failed (its issue is
 * already there), so only what parsed is judged.
 */
export function checkInstantRange(q: { from?: unknown; to?: unknown }, ctx: z.RefinementCtx, maxDays: number) {
  const { from, to } = q;
  if (!(from instanceof Date && to instanceof Date)) return;
  if (to.getTime() <= from.getTime()) {
    ctx.addIssue({ code: 'custom', path: ['to'], message: 'to must be after from' });
  } else if (to.getTime() - from.getTime() > maxDays * 86_400_000) {
    ctx.addIssue({ code: 'custom', path: ['to'], message: `to is at most ${maxDays} days after from` });
  }
}
