import type { ReactNode } from 'react';
import { Card, Flex } from 'antd';
import { QueryForm, type QueryFormProps } from '@/components/form/QueryForm';

export interface ListLayoutProps<V extends object> extends Pick<QueryFormProps<V>, 'toParams' | 'fromParams'> {
  /** The search params the search form owns: the page's filters. */
  filters: readonly string[];
  /** The search form's fields. */
  search: ReactNode;
  /** The table, and whatever opens from it (drawers and modals). */
  children: ReactNode;
}

/**
 * Every list page's frame: the search form in its card above, the table in its card below, one gap
 * between them; dialogs the page opens sit after the table.
 */
export function ListLayout<V extends object>({ filters, search, children, toParams, fromParams }: ListLayoutProps<V>) {
  return (
    <Flex vertical gap={16}>
      <Card>
        <QueryForm<V> names={filters} toParams={toParams} fromParams={fromParams}>
          {search}
        </QueryForm>
      </Card>
      {children}
    </Flex>
  );
}
