import type { ReactNode } from 'react';
import { Card, Flex } from 'antd';
import { QueryForm, type QueryFormProps } from '@/components/form/QueryForm';
import { SearchText } from '@/components/form/SearchText';
import { CreateButton } from '@/components/table/CreateButton';
import { DataTable, type DataTableProps } from '@/components/table/DataTable';

/**
 * The list's table: DataTable's props, its rows keyed by `id` unless `rowKey` says otherwise; with
 * `onCreate`, the toolbar starts with the create button.
 */
export type ListTableProps<T> = Omit<DataTableProps<T>, 'rowKey'> &
  Partial<Pick<DataTableProps<T>, 'rowKey'>> & { onCreate?: () => void };

export interface ListLayoutProps<V extends object, T extends object> extends Pick<
  QueryFormProps<V>,
  'toParams' | 'fromParams'
> {
  /**
   * The search params the search form owns: the page's filters. By default those of the list its table
   * shows (useListPage's `table` names them for its saved views), so a page names its filters once.
   */
  filters?: readonly string[];
  /** Above the search form in its card: what the list is, where the page says it. */
  intro?: ReactNode;
  /** The search by words most lists start with: a `keyword` field (in `filters`) first in the form. */
  keyword?: { label: string; placeholder?: string };
  /** The search form's (other) fields. */
  search?: ReactNode;
  /** The list's table, drawn in the card below the search (or draw it yourself in `children`). */
  table?: ListTableProps<T>;
  /** Above the table in its card: the list's tabs. */
  tableHead?: ReactNode;
  /** Whatever opens from the table (drawers and modals); without `table`, the table's card too. */
  children?: ReactNode;
}

/**
 * Every list page's frame: the search form in its card above, the table in its card below, one gap
 * between them; dialogs the page opens sit after the table.
 */
export function ListLayout<V extends object, T extends object = object>({
  filters,
  intro,
  keyword,
  search,
  table,
  tableHead,
  children,
  toParams,
  fromParams,
}: ListLayoutProps<V, T>) {
  return (
    <Flex vertical gap={16}>
      <Card>
        {intro}
        <QueryForm<V> names={filters ?? table?.views?.filters ?? []} toParams={toParams} fromParams={fromParams}>
          {keyword && <SearchText name="keyword" label={keyword.label} placeholder={keyword.placeholder} />}
          {search}
        </QueryForm>
      </Card>
      {table && (
        <Card>
          {tableHead}
          <ListTable {...table} />
        </Card>
      )}
      {children}
    </Flex>
  );
}

function ListTable<T extends object>({ onCreate, ...table }: ListTableProps<T>) {
  return (
    <DataTable<T>
      rowKey={'id' as keyof T & string}
      primaryAction={onCreate ? <CreateButton onClick={onCreate} /> : undefined}
      {...table}
    />
  );
}
