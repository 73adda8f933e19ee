import type { ReactNode } from 'react';
import type { ColumnType } from 'antd/es/table';
import { EllipsisText } from '@/components/EllipsisText';
import { formatDateTime } from '@/lib/time';

interface ColumnOptions {
  /** The endpoint sorts by this column (its sort enum names it). */
  sortable?: boolean;
}

/** A point in time, in the viewer's locale format; empty where there is none. */
export function timeColumn<T>(
  key: keyof T & string,
  title: string,
  opts: ColumnOptions & { empty?: string } = {},
): ColumnType<T> {
  return {
    key,
    dataIndex: key,
    title,
    sorter: opts.sortable,
    render: (v: string | null) => (v ? formatDateTime(v) : (opts.empty ?? '')),
  };
}

/** Free text of any length: one line in the row, the whole text on hover, so a long remark never widens the table. */
export function textColumn<T>(key: keyof T & string, title: string, maxWidth = 320): ColumnType<T> {
  return {
    key,
    dataIndex: key,
    title,
    render: (v: string | null) => <EllipsisText text={v} maxWidth={maxWidth} />,
  };
}

/** A field the row shows through `render` (a translated label, a tag) rather than as it is stored. */
export function valueColumn<T, K extends keyof T & string = keyof T & string>(
  key: K,
  title: string,
  render: (value: T[K], row: T) => ReactNode,
  opts: ColumnOptions = {},
): ColumnType<T> {
  return { key, dataIndex: key, title, sorter: opts.sortable, render };
}
