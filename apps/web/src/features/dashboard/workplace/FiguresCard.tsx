import type { ReactNode } from 'react';
import { Button, Card, Result, Skeleton } from 'antd';
import { useTranslation } from 'react-i18next';

/** What the card needs of a TanStack query: its data, whether it failed, and a way to ask again. */
interface FiguresQuery<T> {
  data: T | undefined;
  isError: boolean;
  refetch: () => unknown;
}

/**
 * A Workplace panel of figures read from the server: a skeleton until the first answer, a warning with
 * "retry" when that failed (later failures keep the last figures), then the figures.
 */
export function FiguresCard<T>({
  title,
  query,
  loadFailed,
  skeletonRows = 2,
  extra,
  testId,
  children,
}: {
  title: string;
  query: FiguresQuery<T>;
  /** The warning when the first read failed. */
  loadFailed: string;
  skeletonRows?: number;
  extra?: (data: T) => ReactNode;
  testId?: string;
  children: (data: T) => ReactNode;
}) {
  const { t } = useTranslation();
  const { data } = query;
  if (data === undefined) {
    return (
      <Card title={title}>
        {query.isError ? (
          <Result
            status="warning"
            title={loadFailed}
            extra={<Button onClick={() => void query.refetch()}>{t('workplaceOverview.retry')}</Button>}
          />
        ) : (
          <Skeleton active paragraph={{ rows: skeletonRows }} />
        )}
      </Card>
    );
  }
  return (
    <Card title={title} extra={extra?.(data)} data-testid={testId}>
      {children(data)}
    </Card>
  );
}
