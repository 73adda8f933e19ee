import type { SortOrder as AntSortOrder } from 'antd/es/table/interface';

/** Server-side sort parameters shared by every `listAll` endpoint. */
export interface SortParams {
  sortField?: string;
  sortOrder?: 'asc' | 'desc';
}

/** antd reports `ascend`/`descend`/null; the server wants `asc`/`desc` or nothing at all. */
export function toSortParams(field: unknown, order: AntSortOrder | undefined): SortParams {
  const name = Array.isArray(field) ? field.join('.') : typeof field === 'string' ? field : undefined;
  if (!name || !order) return {};
  return { sortField: name, sortOrder: order === 'ascend' ? 'asc' : 'desc' };
}

export const DENSITIES = ['mini', 'small', 'medium', 'large'] as const;
export type Density = (typeof DENSITIES)[number];

/** antd has three sizes; "mini" is small plus a CSS class that trims the cell padding further. */
export function antdSize(density: Density): 'small' | 'middle' | 'large' {
  if (density === 'mini' || density === 'small') return 'small';
  return density === 'medium' ? 'middle' : 'large';
}

const densityKey = (tableId: string) => `table:${tableId}:density`;
const hiddenKey = (tableId: string) => `table:${tableId}:hidden`;

/** Per-table density survives reloads; a bad or missing stored value falls back to `medium`. */
export function loadDensity(tableId: string, storage: Pick<Storage, 'getItem'> = localStorage): Density {
  const stored = storage.getItem(densityKey(tableId));
  return (DENSITIES as readonly (string | null)[]).includes(stored) ? (stored as Density) : 'medium';
}

export function saveDensity(tableId: string, density: Density, storage: Pick<Storage, 'setItem'> = localStorage) {
  storage.setItem(densityKey(tableId), density);
}

/** Hidden column keys per table; anything unreadable means "all shown". */
export function loadHidden(tableId: string, storage: Pick<Storage, 'getItem'> = localStorage): string[] {
  try {
    const parsed: unknown = JSON.parse(storage.getItem(hiddenKey(tableId)) ?? '[]');
    return Array.isArray(parsed) ? parsed.filter((k): k is string => typeof k === 'string') : [];
  } catch {
    return [];
  }
}

export function saveHidden(
  tableId: string,
  hidden: readonly string[],
  storage: Pick<Storage, 'setItem'> = localStorage,
) {
  storage.setItem(hiddenKey(tableId), JSON.stringify(hidden));
}

/** Class names joined, the falsy ones left out. */
export const classNames = (...names: (string | false | undefined)[]) => names.filter(Boolean).join(' ') || undefined;

/** What the pinning below reads of a column. */
export interface Pinnable {
  fixed?: unknown;
  className?: string;
}

/** A column pinned at the start (left): rc-table must measure the columns before it to place it. */
const pinnedStart = (c: Pinnable) => c.fixed === true || c.fixed === 'left' || c.fixed === 'start';

/** No column pinned but (perhaps) the last one, at the end: the table can scroll sideways in CSS. */
export const scrollsInCss = (columns: readonly Pinnable[]) =>
  !columns.some(pinnedStart) && columns.slice(0, -1).every((c) => !c.fixed);

/**
 * rc-table measures every column whenever `scroll.x` is set (a hidden row, a resize observer per cell, then
 * the whole table drawn a second time: ~10 % of the device list's first paint, issue 9) and needs those
 * widths only to place pinned columns after the first at each edge. A table whose only pinned column is its
 * last (the row actions) scrolls sideways in CSS instead, with that column sticky at the end (global.css).
 */
export function pinEndInCss<C extends Pinnable>(c: C): C {
  if (!c.fixed) return c;
  return { ...c, fixed: undefined, className: classNames(c.className, 'data-table-pin-end') };
}
