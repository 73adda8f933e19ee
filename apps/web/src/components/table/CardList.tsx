import type { Key, ReactNode } from 'react';
import { Card, Checkbox, Flex, Pagination, Spin, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { cardColumns, cellOf, type TableColumn } from './cardColumns';

export interface CardListProps<T> {
  columns: readonly TableColumn<T>[];
  rowKey: keyof T & string;
  list: readonly T[] | undefined;
  loading: boolean;
  empty: ReactNode;
  /** Which columns make a card (see cardColumns). */
  card?: { title?: string; fields?: readonly string[] };
  selectedKeys?: Key[];
  onSelectedKeysChange?: (keys: Key[]) => void;
  page: number;
  pageSize: number;
  total: number;
  totalText: string;
  onPageChange: (page: number, pageSize: number) => void;
}

/**
 * A list's rows as cards on a phone (issue 33): each row's name as the card's title, its key fields
 * (its status, by default) beneath, and its actions at the foot, drawn by the table's own column
 * renderers so a card says what the row says. The same paging and selection as the table.
 */
export function CardList<T extends object>(props: CardListProps<T>) {
  const { t } = useTranslation();
  const { title, fields, actions } = cardColumns(props.columns, props.card);
  const keyOf = (row: T) => row[props.rowKey] as Key;
  const selected = new Set(props.selectedKeys ?? []);
  const select = props.onSelectedKeysChange;
  const pageKeys = (props.list ?? []).map(keyOf);
  const allSelected = pageKeys.length > 0 && pageKeys.every((k) => selected.has(k));

  return (
    <Spin spinning={props.loading}>
      <Flex vertical gap={8} data-testid="card-list">
        {select && pageKeys.length > 0 && (
          <Checkbox
            checked={allSelected}
            indeterminate={!allSelected && pageKeys.some((k) => selected.has(k))}
            onChange={(e) =>
              select(
                e.target.checked
                  ? [...new Set([...selected, ...pageKeys])]
                  : [...selected].filter((k) => !pageKeys.includes(k)),
              )
            }
          >
            {t('table.selectPage')}
          </Checkbox>
        )}
        {props.list?.length ? (
          <ul className="card-list">
            {props.list.map((row, index) => {
              const key = keyOf(row);
              const name = title ? cellOf(title, row, index) : String(key);
              return (
                <li key={String(key)}>
                  <Card size="small" data-row-key={String(key)}>
                    <Flex vertical gap={6}>
                      <Flex align="center" gap={8}>
                        {select && (
                          <Checkbox
                            aria-label={t('table.selectRow')}
                            checked={selected.has(key)}
                            onChange={(e) =>
                              select(e.target.checked ? [...selected, key] : [...selected].filter((k) => k !== key))
                            }
                          />
                        )}
                        <Typography.Text strong className="card-list-title">
                          {name}
                        </Typography.Text>
                      </Flex>
                      {fields.length > 0 && (
                        <dl className="card-list-fields">
                          {fields.map((col) => (
                            <div key={String(col.key ?? col.dataIndex)}>
                              <dt>{col.title as ReactNode}</dt>
                              <dd>{cellOf(col, row, index)}</dd>
                            </div>
                          ))}
                        </dl>
                      )}
                      {actions && <div>{cellOf(actions, row, index)}</div>}
                    </Flex>
                  </Card>
                </li>
              );
            })}
          </ul>
        ) : (
          !props.loading && props.empty
        )}
        {props.total > 0 && (
          <Flex vertical align="center" gap={4}>
            <Pagination
              simple
              current={props.page}
              pageSize={props.pageSize}
              total={props.total}
              onChange={props.onPageChange}
            />
            <Typography.Text type="secondary">{props.totalText}</Typography.Text>
          </Flex>
        )}
      </Flex>
    </Spin>
  );
}
