import { Button, Flex, List, Space, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { alarmApi } from '@siteops/contracts/alarm/api';
import type { AlarmActionRun, AlarmActionState } from '@siteops/contracts/alarm/schemas';
import { useEndpointMutation } from '@/api/queries';
import { afterReport } from '@/api/reported';
import { message, modal } from '@/lib/feedback';
import { formatDateTime } from '@/lib/time';
import { actionReason } from './actionText';

const STATE_COLOR: Record<AlarmActionState, string> = {
  queued: 'default',
  running: 'processing',
  waiting: 'warning',
  sent: 'success',
  failed: 'error',
};

/**
 * An alarm's linked actions: what each did (played, switched, posted, failed and why), and for a power
 * cut waiting for a second person a "Confirm and send" button with a confirmation popup. The server
 * refuses whoever set the action; the button is shown only to those it lets confirm.
 */
export function AlarmActionsPanel({ actions }: { actions: readonly AlarmActionRun[] }) {
  const { t } = useTranslation();
  const confirm = useEndpointMutation(alarmApi.actionConfirm);
  if (actions.length === 0) return null;

  const what = (run: AlarmActionRun) => {
    const a = run.action;
    switch (a.kind) {
      case 'speak':
        return t('alarms.actions.summary.speak', { text: a.text });
      case 'relay':
        return t('alarms.actions.summary.relay', {
          output: a.output,
          device: run.deviceName ?? t('alarms.actions.ownDevice'),
          state: t(a.on ? 'alarms.actions.relayOn' : 'alarms.actions.relayOff'),
        });
      case 'webhook':
        return t('alarms.actions.summary.webhook');
    }
  };

  const askConfirm = (run: AlarmActionRun) =>
    modal().confirm({
      title: t('alarms.actions.confirmTitle'),
      content: t('alarms.actions.confirmBody', { what: what(run) }),
      okText: t('alarms.actions.confirmOk'),
      cancelText: t('common.cancel'),
      okButtonProps: { danger: true },
      onOk: () =>
        afterReport(
          confirm.mutateAsync({ id: run.id }).then((done) => {
            if (done.state === 'sent') message().success(t('alarms.actions.confirmSent'));
            else message().error(t('alarms.actions.confirmFailed', { reason: actionReason(t, done.reason) }));
          }),
        ),
    });

  return (
    <div>
      <Typography.Title level={5}>{t('alarms.actions.title')}</Typography.Title>
      <List
        size="small"
        bordered
        dataSource={[...actions]}
        rowKey="id"
        renderItem={(run) => (
          <List.Item
            data-testid={`alarm-action-${run.id}`}
            actions={
              run.mayConfirm
                ? [
                    <Button key="confirm" type="primary" danger size="small" onClick={() => askConfirm(run)}>
                      {t('alarms.actions.confirmButton')}
                    </Button>,
                  ]
                : []
            }
          >
            <Flex vertical>
              <Space wrap>
                <Tag color={STATE_COLOR[run.state]}>{t(`alarms.actions.states.${run.state}`)}</Tag>
                <Typography.Text>
                  {run.when === 'cleared' && `${t('alarms.actions.timeline.onClear')} `}
                  {what(run)}
                </Typography.Text>
              </Space>
              <Typography.Text type="secondary">
                {formatDateTime(run.at)}
                {run.reason && ` · ${actionReason(t, run.reason)}`}
                {run.confirmedName &&
                  ` · ${t('alarms.actions.confirmedBy', { who: run.confirmedName, at: formatDateTime(run.confirmedAt ?? '') })}`}
                {run.state === 'waiting' && !run.mayConfirm && ` · ${t('alarms.actions.otherPerson')}`}
              </Typography.Text>
            </Flex>
          </List.Item>
        )}
      />
    </div>
  );
}
