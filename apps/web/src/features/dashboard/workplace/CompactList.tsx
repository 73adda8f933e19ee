import type { ReactNode } from 'react';
import { Empty, Flex, Typography, theme } from 'antd';

/**
 * Each row: its key, its content, (optionally) a secondary note at its end (a time, a count) and a test id.
 */
export type RowOf<T> = (item: T) => { key: string | number; content: ReactNode; note?: ReactNode; testId?: string };

interface Props<T> {
  items: readonly T[] | undefined;
  emptyText: string;
  row: RowOf<T>;
}

/**
 * The overview's short lists, looking like antd's small List. antd's List carries Pagination, and with it
 * Select, into the workplace's first load for lists that never page.
 */
export function CompactList<T>({ items, emptyText, row }: Props<T>) {
  const { token } = theme.useToken();
  if (!items?.length) return <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={emptyText} />;
  return (
    <ul style={{ listStyle: 'none', margin: 0, padding: 0 }}>
      {items.map((item, i) => {
        const { key, content, note, testId } = row(item);
        return (
          <li
            key={key}
            data-testid={testId}
            style={{
              padding: `${token.paddingXS}px ${token.padding}px`,
              borderBottom: i < items.length - 1 ? `1px solid ${token.colorSplit}` : undefined,
              color: token.colorText,
            }}
          >
            {note === undefined ? (
              content
            ) : (
              <Flex justify="space-between" style={{ width: '100%' }} gap={8}>
                {content}
                <Typography.Text type="secondary" style={{ whiteSpace: 'nowrap' }}>
                  {note}
                </Typography.Text>
              </Flex>
            )}
          </li>
        );
      })}
    </ul>
  );
}
