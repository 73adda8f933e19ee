import { Button, Flex, Result, Spin, Tag, Typography } from 'antd';
import { ReloadOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { labourApi } from '@siteops/contracts/labour/api';
import { call } from '@/api/endpoint';
import { keyOf } from '@/api/queryKey';
import { ApiError } from '@/api/envelope';

/** How often an application waiting for approval asks again. */
const POLL_MS = 5_000;
const COLORS = { pending: 'processing', approved: 'success', rejected: 'error' } as const;

/** The worker's own application, read with its secret; asks again while pending, then shows the outcome. */
export function WorkerRegStatus({ secret, onAgain }: { secret: string; onAgain: () => void }) {
  const { t } = useTranslation();
  const input = { secret };
  const status = useQuery({
    queryKey: keyOf(labourApi.selfRegStatus, input),
    queryFn: ({ signal }) => call(labourApi.selfRegStatus, input, { signal, silent: true }),
    refetchInterval: (query) => (query.state.data?.status === 'pending' ? POLL_MS : false),
    retry: false,
  });
  const a = status.data;
  const again = (
    <Button key="again" onClick={onAgain}>
      {t('workerReg.again')}
    </Button>
  );
  if (status.isPending) return <Spin style={{ display: 'block', margin: '48px auto' }} />;
  if (!a) {
    const gone = status.error instanceof ApiError && status.error.status === 404;
    const retry = (
      <Button key="retry" icon={<ReloadOutlined />} onClick={() => void status.refetch()}>
        {t('workerReg.refresh')}
      </Button>
    );
    return gone ? (
      <Result status="warning" title={t('workerReg.statusGone')} extra={again} />
    ) : (
      <Result status="error" title={status.error?.message} extra={[retry, again]} />
    );
  }
  const text = {
    pending: 'workerReg.waiting',
    approved: 'workerReg.approved',
    rejected: 'workerReg.rejected',
  } as const;
  return (
    <Flex vertical align="center" gap={12} data-testid="worker-reg-status" aria-live="polite">
      <Typography.Title level={4} style={{ margin: 0 }}>
        {a.realName}
      </Typography.Title>
      <Tag color={COLORS[a.status]} style={{ fontSize: 16, padding: '4px 12px' }}>
        {t(`workerReg.statuses.${a.status}`)}
      </Tag>
      <Typography.Paragraph style={{ textAlign: 'center' }}>{t(text[a.status])}</Typography.Paragraph>
      {a.rejectReason ? <Typography.Text>{t('workerReg.reason', { reason: a.rejectReason })}</Typography.Text> : null}
      <Flex gap={8} wrap justify="center">
        <Button icon={<ReloadOutlined />} loading={status.isFetching} onClick={() => void status.refetch()}>
          {t('workerReg.refresh')}
        </Button>
        {again}
      </Flex>
    </Flex>
  );
}
