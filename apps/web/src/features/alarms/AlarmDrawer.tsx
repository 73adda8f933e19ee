import './escalation/messages';
import { Descriptions, Drawer, Flex, Image, Skeleton, Table, Tag, Timeline, Typography } from 'antd';
import type { TableColumnsType } from 'antd';
import { useTranslation } from 'react-i18next';
import { alarmApi } from '@siteops/contracts/alarm/api';
import type { alarmDetail } from '@siteops/contracts/alarm/schemas';
import type { z } from 'zod';
import { useEndpointQuery } from '@/api/queries';
import { formatDateTime } from '@/lib/time';
import {
  conditionText,
  fieldOf,
  OPERATOR_SIGN,
  ruleNameText,
  SEVERITY_COLOR,
  sourceText,
  termRows,
  type TermRow,
} from './alarmText';
import { notifiedText } from './escalation/notifiedText';
import { actionText } from './actionText';
import { AlarmActionsPanel } from './AlarmActionsPanel';
import { AlarmReadingsChart } from './AlarmReadingsChart';

type Detail = z.output<typeof alarmDetail>;
type Entry = Detail['timeline'][number];

const valueText = (v: unknown) => (v === undefined || v === null ? '-' : String(v));

/**
 * One alarm: what raised it (each term of the rule's condition against the reading's first and last
 * values, the clear condition), its state, and the timeline oldest first.
 */
export function AlarmDrawer({ id, onClose }: { id: number | null; onClose: () => void }) {
  const { t } = useTranslation();
  const detail = useEndpointQuery(alarmApi.detail, { id: id ?? 0 }, { enabled: id !== null });
  const alarm = id !== null ? detail.data : undefined;
  const fieldLabel = (deviceType: string) => (field: string) =>
    t(`deviceLink.readings.fields.${field}`, { defaultValue: fieldOf(deviceType, field)?.label ?? field });

  const termColumns = (deviceType: string): TableColumnsType<TermRow> => [
    { key: 'field', title: t('alarms.detail.field'), render: (_: unknown, r) => fieldLabel(deviceType)(r.field) },
    {
      key: 'threshold',
      title: t('alarms.detail.threshold'),
      render: (_: unknown, r) => `${OPERATOR_SIGN[r.operator]} ${r.threshold}${r.unit ? ` ${r.unit}` : ''}`,
    },
    { key: 'first', title: t('alarms.detail.firstValue'), render: (_: unknown, r) => valueText(r.first) },
    {
      key: 'last',
      title: t('alarms.detail.lastValue'),
      // Over the limit: a red tag (antd's danger text is too light for 4.5:1 on white).
      render: (_: unknown, r) => (r.over ? <Tag color="error">{valueText(r.last)}</Tag> : valueText(r.last)),
    },
  ];

  const valuesText = (deviceType: string, values: Record<string, unknown> | undefined) =>
    Object.entries(values ?? {})
      .map(([field, v]) => `${fieldLabel(deviceType)(field)} ${valueText(v)}`)
      .join(', ');

  const entryText = (e: Entry, deviceType: string) => {
    const d = e.detail as {
      by?: string;
      reason?: string;
      assigneeName?: string | null;
      value?: Record<string, unknown>;
      source?: 'noData' | 'offline' | 'event';
      autoClear?: boolean;
    };
    const who = e.actorName ?? t('alarms.detail.system');
    switch (e.kind) {
      case 'raised':
        if (d.source === 'noData' || d.source === 'offline') {
          return t(`alarms.timeline.raisedSpell.${d.source}`, {
            since: formatDateTime(String(d.value?.since ?? '')),
          });
        }
        if (d.source === 'event') {
          const kind = String(d.value?.event ?? '');
          return t('alarms.timeline.raisedEvent', {
            kind: t(`alarms.eventKinds.${kind}`, { defaultValue: kind }),
          });
        }
        return t('alarms.timeline.raised', { value: valuesText(deviceType, d.value) });
      case 'acknowledged':
        return t('alarms.timeline.acknowledged', { who });
      case 'assigned':
        return d.assigneeName
          ? t('alarms.timeline.assigned', { who, assignee: d.assigneeName })
          : t('alarms.timeline.unassigned', { who });
      case 'cleared':
        if (d.by === 'manual') return t('alarms.timeline.clearedManual', { who, reason: d.reason ?? '' });
        if (d.source) return t(`alarms.timeline.clearedSource.${d.autoClear ? 'autoClear' : d.source}`);
        return t('alarms.timeline.clearedCondition', { value: valuesText(deviceType, d.value) });
      case 'notified':
        return notifiedText(t, e.detail);
      case 'action':
        return actionText(t, e.detail, who);
    }
  };

  return (
    <Drawer
      open={id !== null}
      onClose={onClose}
      size={640}
      title={alarm ? `${ruleNameText(alarm.ruleName, t)} · ${alarm.deviceName ?? alarm.sn}` : t('alarms.detail.title')}
      destroyOnHidden
    >
      {!alarm ? (
        <Skeleton active />
      ) : (
        <Flex vertical gap={24} data-testid="alarm-detail">
          <Descriptions size="small" column={1} bordered>
            <Descriptions.Item label={t('alarms.severity')}>
              <Tag color={SEVERITY_COLOR[alarm.severity]}>{t(`alarms.severities.${alarm.severity}`)}</Tag>
            </Descriptions.Item>
            <Descriptions.Item label={t('alarms.status')}>
              {t(`alarms.statuses.${alarm.status}`)} ·{' '}
              {alarm.acknowledged ? t('alarms.acknowledgedYes') : t('alarms.acknowledgedNo')}
            </Descriptions.Item>
            <Descriptions.Item label={t('alarms.device')}>
              {alarm.deviceName ?? '-'} ({alarm.sn}) · {t(`devices.type.${alarm.deviceType}`)}
            </Descriptions.Item>
            <Descriptions.Item label={t('alarms.detail.condition')}>
              {alarm.source.kind !== 'reading' ? (
                sourceText(alarm.source, t)
              ) : alarm.condition ? (
                <>
                  {conditionText(
                    alarm.deviceType,
                    alarm.condition,
                    fieldLabel(alarm.deviceType),
                    t(`alarms.logic.${alarm.condition.logic}`),
                  )}
                  {alarm.durationSeconds > 0 && ` · ${t('alarms.detail.forSeconds', { count: alarm.durationSeconds })}`}
                </>
              ) : (
                '-'
              )}
            </Descriptions.Item>
            <Descriptions.Item label={t('alarms.detail.clearCondition')}>
              {alarm.source.kind !== 'reading'
                ? t(`alarms.detail.clearsWhen.${alarm.source.kind}`)
                : alarm.clearCondition
                  ? conditionText(
                      alarm.deviceType,
                      alarm.clearCondition,
                      fieldLabel(alarm.deviceType),
                      t(`alarms.logic.${alarm.clearCondition.logic}`),
                    )
                  : t('alarms.detail.clearWhenNot')}
            </Descriptions.Item>
            <Descriptions.Item label={t('alarms.count')}>{alarm.count}</Descriptions.Item>
            <Descriptions.Item label={t('alarms.firstAt')}>{formatDateTime(alarm.firstAt)}</Descriptions.Item>
            <Descriptions.Item label={t('alarms.lastAt')}>{formatDateTime(alarm.lastAt)}</Descriptions.Item>
            <Descriptions.Item label={t('alarms.assignee')}>
              {alarm.assigneeName ?? t('alarms.nobody')}
            </Descriptions.Item>
          </Descriptions>
          {alarm.pictureUrl && (
            <div>
              <Typography.Title level={5}>{t('alarms.detail.picture')}</Typography.Title>
              <Image
                src={alarm.pictureUrl}
                width={320}
                alt={t('alarms.detail.pictureAlt', { device: alarm.deviceName ?? alarm.sn })}
              />
            </div>
          )}
          {alarm.condition && (
            <div>
              <Typography.Title level={5}>{t('alarms.detail.reading')}</Typography.Title>
              <Table<TermRow>
                size="small"
                rowKey="key"
                pagination={false}
                columns={termColumns(alarm.deviceType)}
                dataSource={termRows(alarm.deviceType, alarm.condition, alarm.firstValue, alarm.lastValue)}
              />
            </div>
          )}
          {alarm.source.kind === 'reading' && alarm.condition && (
            <AlarmReadingsChart
              alarmId={alarm.id}
              deviceType={alarm.deviceType}
              fieldLabel={fieldLabel(alarm.deviceType)}
            />
          )}
          <AlarmActionsPanel actions={alarm.actions} />
          <div>
            <Typography.Title level={5}>{t('alarms.detail.timeline')}</Typography.Title>
            <Timeline
              items={alarm.timeline.map((e) => ({
                key: e.id,
                color: e.kind === 'raised' ? 'red' : e.kind === 'cleared' ? 'green' : 'blue',
                content: (
                  <Flex vertical>
                    <Typography.Text>{entryText(e, alarm.deviceType)}</Typography.Text>
                    <Typography.Text type="secondary">{formatDateTime(e.at)}</Typography.Text>
                  </Flex>
                ),
              }))}
            />
          </div>
        </Flex>
      )}
    </Drawer>
  );
}
