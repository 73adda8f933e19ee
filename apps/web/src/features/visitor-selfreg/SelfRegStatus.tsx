import { Button, Flex, QRCode, Result, Spin, Tag, Typography } from 'antd';
import { ReloadOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { visitorApi } from '@siteops/contracts/visitor/api';
import { call } from '@/api/endpoint';
import { keyOf } from '@/api/queryKey';
import { ApiError } from '@/api/envelope';
import { formatMinute } from '@/lib/time';

/** How often a registration waiting for approval asks again. */
const POLL_MS = 5_000;
const COLORS = { new: 'processing', valid: 'success', invalid: 'error' } as const;

/**
 * The visitor's own registration, read with the secret the submission answered: it asks again every few
 * seconds while waiting, and shows the pass QR code once approved.
 */
export function SelfRegStatus({ secret, onAgain }: { secret: string; onAgain: () => void }) {
  const { t } = useTranslation();
  const input = { secret };
  const status = useQuery({
    queryKey: keyOf(visitorApi.selfRegStatus, input),
    // Silent: a poll that fails (a train tunnel) should not stack error toasts; the page says it.
    queryFn: ({ signal }) => call(visitorApi.selfRegStatus, input, { signal, silent: true }),
    refetchInterval: (query) => (query.state.data?.status === 'new' ? POLL_MS : false),
    retry: false,
  });
  const v = status.data;

  const again = (
    <Button key="again" onClick={onAgain}>
      {t('selfReg.again')}
    </Button>
  );
  if (status.isPending) return <Spin style={{ display: 'block', margin: '48px auto' }} />;
  if (!v) {
    const gone = status.error instanceof ApiError && status.error.status === 404;
    const retry = (
      <Button key="retry" icon={<ReloadOutlined />} onClick={() => void status.refetch()}>
        {t('selfReg.refresh')}
      </Button>
    );
    return gone ? (
      <Result status="warning" title={t('selfReg.statusGone')} extra={again} />
    ) : (
      <Result status="error" title={status.error?.message} extra={[retry, again]} />
    );
  }

  return (
    <Flex vertical align="center" gap={12} data-testid="selfreg-status">
      <Typography.Title level={4} style={{ margin: 0 }}>
        {v.realName}
      </Typography.Title>
      <Tag color={COLORS[v.status]} style={{ fontSize: 16, padding: '4px 12px' }}>
        {t(`selfReg.statuses.${v.status}`)}
      </Tag>
      <Typography.Text type="secondary">
        {t('selfReg.visit', { from: formatMinute(v.visitStart), to: formatMinute(v.visitEnd) })}
      </Typography.Text>
      {v.qrCode ? (
        <>
          <QRCode value={v.qrCode} size={260} errorLevel="M" data-testid="selfreg-pass" />
          <Typography.Text strong>{t('selfReg.showAtGate')}</Typography.Text>
        </>
      ) : v.status === 'new' ? (
        <Typography.Paragraph style={{ textAlign: 'center' }}>{t('selfReg.waiting')}</Typography.Paragraph>
      ) : (
        <>
          <Typography.Paragraph style={{ textAlign: 'center' }}>{t('selfReg.rejected')}</Typography.Paragraph>
          {v.auditRemark ? <Typography.Text>{t('selfReg.remark', { remark: v.auditRemark })}</Typography.Text> : null}
        </>
      )}
      <Flex gap={8}>
        <Button icon={<ReloadOutlined />} loading={status.isFetching} onClick={() => void status.refetch()}>
          {t('selfReg.refresh')}
        </Button>
        {again}
      </Flex>
    </Flex>
  );
}
