import { Drawer, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import type { ChannelItemOut, DeliveryLogOut } from './types';
import { alarmEscalationApi } from '@siteops/contracts/alarm-escalation/api';
import { DataTable } from '@/components/table/DataTable';
import { useLocalListPage } from '@/components/list/useLocalListPage';
import { formatDateTime } from '@/lib/time';
import { deliveryError } from './notifiedText';

/** A channel's deliveries, newest first: what was sent, whether it went, and what the receiver answered. */
export function DeliveryLogDrawer({ channel, onClose }: { channel: ChannelItemOut | null; onClose: () => void }) {
  const { t } = useTranslation();
  const { table } = useLocalListPage(alarmEscalationApi.channelLog, {
    pageSize: 20,
    input: { id: channel?.id ?? 0 },
    enabled: channel !== null,
  });
  return (
    <Drawer
      open={channel !== null}
      onClose={onClose}
      size={900}
      destroyOnHidden
      title={channel ? t('alarmEscalation.logTitle', { name: channel.name }) : ''}
    >
      <DataTable<DeliveryLogOut>
        tableId="alarm-escalation-log"
        rowKey="id"
        {...table}
        columns={[
          { key: 'at', dataIndex: 'at', title: t('alarmEscalation.at'), render: (v: string) => formatDateTime(v) },
          {
            key: 'what',
            title: t('alarmEscalation.what'),
            render: (_: unknown, r) =>
              r.test
                ? t('alarmEscalation.test')
                : [
                    t('alarmEscalation.alarmStep', { alarm: r.alarmId ?? '–', step: r.step }),
                    r.repeatNo ? t('alarmEscalation.reminder', { n: r.repeatNo }) : null,
                  ]
                    .filter(Boolean)
                    .join(', '),
          },
          {
            key: 'ok',
            dataIndex: 'ok',
            title: t('alarmEscalation.outcome'),
            render: (ok: boolean, r) => (
              <Tag color={ok ? 'success' : 'error'}>
                {ok ? t('alarmEscalation.ok') : t('alarmEscalation.failed')}
                {r.reached > 1 ? ` · ${t('alarmEscalation.reached', { count: r.reached })}` : ''}
              </Tag>
            ),
          },
          { key: 'status', dataIndex: 'status', title: t('alarmEscalation.status') },
          {
            key: 'answer',
            dataIndex: 'answer',
            title: t('alarmEscalation.answer'),
            render: (v: string | null) => (
              <Typography.Text code ellipsis={{ tooltip: v }} style={{ maxWidth: 260 }}>
                {v ?? ''}
              </Typography.Text>
            ),
          },
          {
            key: 'error',
            dataIndex: 'error',
            title: t('alarmEscalation.error'),
            render: (v: string | null) => deliveryError(t, v),
          },
          {
            key: 'attempts',
            dataIndex: 'attempts',
            title: t('alarmEscalation.attempts'),
            render: (v: DeliveryLogOut['attempts']) => v.length || '–',
          },
        ]}
      />
    </Drawer>
  );
}
