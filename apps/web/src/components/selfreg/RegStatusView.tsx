import type { ReactNode } from 'react';
import { Button, Flex, Result, Spin, Tag, Typography } from 'antd';
import { ReloadOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { AnswerOf, Endpoint } from '@siteops/contracts/shared/endpoint';
import { call } from '@/api/endpoint';
import { keyOf } from '@/api/queryKey';
import { ApiError } from '@/api/envelope';

/** How often a registration waiting for approval asks again. */
const POLL_MS = 5_000;

type Registration = { realName: string; status: string };

/** Per page: the status that waits for approval (asked again while it lasts), each status's tag colour, the test id. */
const KINDS = {
  workerReg: {
    waiting: 'pending',
    colors: { pending: 'processing', approved: 'success', rejected: 'error' },
    testId: 'worker-reg-status',
  },
  selfReg: {
    waiting: 'new',
    colors: { new: 'processing', valid: 'success', invalid: 'error' },
    testId: 'selfreg-status',
  },
} satisfies Record<string, { waiting: string; colors: Record<string, string>; testId: string }>;

interface RegStatusViewProps<E extends Endpoint> {
  /** The registration's own status, read with its secret (`{ secret }` in). */
  endpoint: E;
  secret: string;
  /** The page's message keys: `<namespace>.again`, `.refresh`, `.statusGone`, `.statuses.<status>`. */
  namespace: keyof typeof KINDS;
  onAgain: () => void;
  /** What the registration says under its name and status (the outcome, a pass). */
  children: (registration: AnswerOf<E>) => ReactNode;
}

/**
 * A self-registration's own status, for the phone that sent it: a spinner, then its name and status
 * and what it says, with "Refresh" and "Register again"; a registration no longer there or a failed
 * read says so, with the way on.
 */
export function RegStatusView<E extends Endpoint>(props: RegStatusViewProps<E>) {
  const { t } = useTranslation();
  const { endpoint, namespace } = props;
  const kind: { waiting: string; colors: Record<string, string>; testId: string } = KINDS[namespace];
  const input = { secret: props.secret };
  const status = useQuery({
    queryKey: keyOf(endpoint, input),
    // Silent: a poll that fails (a train tunnel) should not stack error toasts; the page says it.
    queryFn: ({ signal }) => call(endpoint, input as never, { signal, silent: true }),
    refetchInterval: (query) =>
      (query.state.data as Registration | undefined)?.status === kind.waiting ? POLL_MS : false,
    retry: false,
  });
  const registration = status.data as (AnswerOf<E> & Registration) | undefined;
  const again = (
    <Button key="again" onClick={props.onAgain}>
      {t(`${namespace}.again`)}
    </Button>
  );
  if (status.isPending) return <Spin style={{ display: 'block', margin: '48px auto' }} />;
  if (!registration) {
    const gone = status.error instanceof ApiError && status.error.status === 404;
    const retry = (
      <Button key="retry" icon={<ReloadOutlined />} onClick={() => void status.refetch()}>
        {t(`${namespace}.refresh`)}
      </Button>
    );
    return gone ? (
      <Result status="warning" title={t(`${namespace}.statusGone`)} extra={again} />
    ) : (
      <Result status="error" title={status.error?.message} extra={[retry, again]} />
    );
  }
  return (
    <Flex vertical align="center" gap={12} data-testid={kind.testId} aria-live="polite">
      <Typography.Title level={4} style={{ margin: 0 }}>
        {registration.realName}
      </Typography.Title>
      <Tag color={kind.colors[registration.status]} style={{ fontSize: 16, padding: '4px 12px' }}>
        {t(`${namespace}.statuses.${registration.status}`)}
      </Tag>
      {props.children(registration)}
      <Flex gap={8} wrap justify="center">
        <Button icon={<ReloadOutlined />} loading={status.isFetching} onClick={() => void status.refetch()}>
          {t(`${namespace}.refresh`)}
        </Button>
        {again}
      </Flex>
    </Flex>
  );
}
