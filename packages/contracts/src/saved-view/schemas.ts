import { z } from 'zod';
import { rowId } from '../shared/pagination.ts';
import { editTimes, nullableRef } from '../shared/row-fields.ts';
import { text } from '../shared/text.ts';
import { missing } from '../shared/text-fields.ts';

/**
 * Saved views (issue 33): what a list shows — its filters, sort and page size (the list's URL query),
 * its visible columns and its density — under a name, per user and list. A view is the owner's alone,
 * or shared with the people of one project or of one agent, who can apply it but not change it.
 */
export const SAVED_VIEW_SHARINGS = ['private', 'project', 'agent'] as const;
export type SavedViewSharing = (typeof SAVED_VIEW_SHARINGS)[number];

/** The table densities the console offers (apps/web components/table/tableKit DENSITIES). */
export const SAVED_VIEW_DENSITIES = ['mini', 'small', 'medium', 'large'] as const;

export const SAVED_VIEW_NAME_MAX = 40;
/** A view's state, as JSON, is at most this many bytes. */
export const SAVED_VIEW_STATE_MAX_BYTES = 4096;
/** How many views one user keeps of one list. */
export const SAVED_VIEWS_PER_LIST = 50;

/** The DataTable's `tableId` (`devices:deviceFace`, `labour-workers`). */
const TABLE_ID = /^[A-Za-z0-9_.:-]{1,64}$/;
const tableId = text({ error: missing('tableId', 'must be text') }).regex(
  TABLE_ID,
  'tableId must be 1-64 letters, digits or _ . : -',
);

const byteLength = (value: unknown) => new TextEncoder().encode(JSON.stringify(value)).length;

/**
 * What a view restores. `query`: the list's URL query without `?` (its filters, `sortField`/`sortOrder`,
 * `pageSize`; the console keeps only the names the list filters by when it applies it). `columns`: the
 * keys of the visible columns (absent: all). `density`: the table's row height (absent: as it is).
 */
export const savedViewState = z
  .object({
    query: text({ error: 'query must be text' }).max(2000, 'query is at most 2000 characters').default(''),
    columns: z.array(text().max(64, 'columns is at most 64 characters')).max(100, 'at most 100 columns').optional(),
    density: z.enum(SAVED_VIEW_DENSITIES).optional(),
  })
  .refine((s) => byteLength(s) <= SAVED_VIEW_STATE_MAX_BYTES, {
    message: `state is at most ${SAVED_VIEW_STATE_MAX_BYTES / 1024} KB`,
  });
export type SavedViewState = z.output<typeof savedViewState>;

const nameField = text({ error: missing('name', 'must be text') })
  .trim()
  .min(1, 'name cannot be empty')
  .max(SAVED_VIEW_NAME_MAX, `name is at most ${SAVED_VIEW_NAME_MAX} characters`);

/** Who sees the view besides its owner; the target of the sharing's kind is required, the other ignored. */
const sharingFields = {
  sharing: z.enum(SAVED_VIEW_SHARINGS, { error: missing('sharing', 'must be one of private, project, agent') }),
  /** With sharing `project`. */
  projectId: rowId().nullable().optional(),
  /** With sharing `agent`. */
  agentId: rowId().nullable().optional(),
};

type SharingInput = { sharing: SavedViewSharing; projectId?: number | null; agentId?: number | null };

const targetGiven = (v: SharingInput, ctx: z.RefinementCtx) => {
  if (v.sharing === 'project' && v.projectId == null)
    ctx.addIssue({ code: 'custom', path: ['projectId'], message: 'projectId is required' });
  if (v.sharing === 'agent' && v.agentId == null)
    ctx.addIssue({ code: 'custom', path: ['agentId'], message: 'agentId is required' });
};

/** `POST /api/savedView/add`: a new view of the list `tableId`. */
export const addSavedViewBody = z
  .object({ tableId, name: nameField, state: savedViewState, ...sharingFields })
  .superRefine(targetGiven);
export type AddSavedViewInput = z.input<typeof addSavedViewBody>;

/** `PUT /api/savedView/update`: rename, share otherwise, and (with `state`) save the list as it is now. */
export const updateSavedViewBody = z
  .object({ id: rowId('id is required'), name: nameField, state: savedViewState.optional(), ...sharingFields })
  .superRefine(targetGiven);

/** `GET /api/savedView/list?tableId=`: the caller's views of one list and those shared with it. */
export const savedViewListQuery = z.object({ tableId });

export const savedViewItem = z.object({
  id: z.number(),
  tableId: z.string(),
  name: z.string(),
  state: z.object({
    query: z.string(),
    columns: z.array(z.string()).optional(),
    density: z.enum(SAVED_VIEW_DENSITIES).optional(),
  }),
  sharing: z.enum(SAVED_VIEW_SHARINGS),
  ...nullableRef('project'),
  ...nullableRef('agent'),
  ownerId: z.number(),
  ownerName: z.string().nullable(),
  /** The caller's own view: it may rename, re-share, overwrite and delete it. */
  mine: z.boolean(),
  ...editTimes,
});
export type SavedViewItem = z.infer<typeof savedViewItem>;
