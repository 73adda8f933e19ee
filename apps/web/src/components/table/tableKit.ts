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
