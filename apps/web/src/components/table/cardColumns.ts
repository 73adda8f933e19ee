import { isValidElement, type Key, type ReactNode } from 'react';

/**
 * What a card reads of a table column (antd's column and column group both fit; a group has no cell of
 * its own). Kept this small on purpose: comparing antd's column types themselves is costly for tsc.
 */
export interface TableColumn<T> {
  key?: Key;
  dataIndex?: unknown;
  title?: unknown;
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- antd's own signature for a cell's value
  render?: (value: any, record: T, index: number) => unknown;
  children?: unknown;
}

const keyOf = (c: { key?: unknown; dataIndex?: unknown }) =>
  String(c.key ?? (Array.isArray(c.dataIndex) ? c.dataIndex.join('.') : c.dataIndex));

/** A column that says how the row stands: `status`, `authStatus`, `onlineStatus`, `enabled`... */
const isStatus = (c: { key?: unknown; dataIndex?: unknown }) => /(^s|S)tatus$|^enabled$/.test(keyOf(c));

/**
 * Which columns make a row's card on a phone: the title (`card.title`, else the first column: every
 * list starts with the row's name), the key fields (`card.fields`, else the status columns, else the two
 * columns after the title) and the actions (the `actions` column, as rowActions names it).
 */
export function cardColumns<T>(
  columns: readonly TableColumn<T>[],
  card?: { title?: string; fields?: readonly string[] },
): { title?: TableColumn<T>; fields: TableColumn<T>[]; actions?: TableColumn<T> } {
  const actions = columns.find((c) => keyOf(c) === 'actions');
  const cells = columns.filter((c) => c !== actions && !c.children);
  const title = (card?.title ? cells.find((c) => keyOf(c) === card.title) : undefined) ?? cells[0];
  const others = cells.filter((c) => c !== title);
  const chosen = card?.fields
    ? card.fields.map((k) => others.find((c) => keyOf(c) === k)).filter((c): c is TableColumn<T> => !!c)
    : others.filter(isStatus);
  return { title, fields: chosen.length || card?.fields ? chosen : others.slice(0, 2), actions };
}

/** What a column draws for a row, as the table would draw it in the cell. */
export function cellOf<T>(col: TableColumn<T>, row: T, index: number): ReactNode {
  const path: unknown[] =
    col.dataIndex === undefined ? [] : Array.isArray(col.dataIndex) ? col.dataIndex : [col.dataIndex];
  const value = path.reduce<unknown>(
    (v, k) => (v !== null && typeof v === 'object' ? (v as Record<string, unknown>)[String(k)] : undefined),
    path.length ? row : undefined,
  );
  const drawn: unknown = col.render ? col.render(value, row, index) : value;
  // antd lets a renderer answer `{ children, props }` (the cell's props with its content).
  if (drawn !== null && typeof drawn === 'object' && !isValidElement(drawn) && 'children' in drawn)
    return (drawn as { children: ReactNode }).children;
  return drawn as ReactNode;
}
