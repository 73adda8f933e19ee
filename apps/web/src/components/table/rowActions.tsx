import type { ReactNode } from 'react';
import { Button, Space } from 'antd';
import type { ColumnType } from 'antd/es/table';
import type { TFunction } from 'i18next';
import { IntentScope } from '@/components/intent/IntentScope';

/**
 * The row actions column every list has: last, under one heading, pinned right so the actions stay in
 * reach when a wide table scrolls sideways (a phone, many columns).
 */
export function actionsColumn<T>(t: TFunction, render: (row: T) => ReactNode): ColumnType<T> {
  return { key: 'actions', title: t('common.actions'), fixed: 'right', render: (_: unknown, row: T) => render(row) };
}

/**
 * A row's actions side by side; they wrap rather than widen a narrow column (unless `wrap` is false: a
 * list whose actions column keeps them on one line). Their popups (a delete's confirmation) mount when
 * the pointer or the keyboard reaches the row's actions, not with every row.
 */
export function RowActions({ children, wrap = true }: { children: ReactNode; wrap?: boolean }) {
  return (
    <IntentScope>
      <Space size={0} wrap={wrap}>
        {children}
      </Space>
    </IntentScope>
  );
}

/** One row action: a small link, as every list draws them. */
export function RowAction({
  onClick,
  danger,
  disabled,
  children,
}: {
  onClick?: () => void;
  danger?: boolean;
  disabled?: boolean;
  children: ReactNode;
}) {
  return (
    <Button type="link" size="small" danger={danger} disabled={disabled} onClick={onClick}>
      {children}
    </Button>
  );
}

/**
 * The actions column of a list whose rows are edited in a dialog and deleted: "Edit", then the row's
 * delete link (useListDelete's `rowDelete`).
 */
export function editDeleteColumn<T extends { id: number }>(
  t: TFunction,
  onEdit: (row: T) => void,
  rowDelete: (id: number) => ReactNode,
  { wrap = true }: { wrap?: boolean } = {},
): ColumnType<T> {
  return actionsColumn<T>(t, (row) => (
    <RowActions wrap={wrap}>
      <RowAction onClick={() => onEdit(row)}>{t('common.edit')}</RowAction>
      {rowDelete(row.id)}
    </RowActions>
  ));
}
