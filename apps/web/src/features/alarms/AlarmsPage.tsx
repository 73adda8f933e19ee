import { useState } from 'react';
import { Button, Tag } from 'antd';
import type { TableColumnsType } from 'antd';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { alarmApi } from '@siteops/contracts/alarm/api';
import { ALARM_SEVERITIES, ALARM_STATUSES } from '@siteops/contracts/alarm/rules';
import { DEVICE_TYPES } from '@siteops/contracts/device-protocol';
import { useEndpointMutation } from '@/api/queries';
import { afterReport } from '@/api/reported';
import { useProjectOptions } from '@/api/ownerOptions';
import type { DateRange } from '@/components/form/formKit';
import { SearchSelect } from '@/components/form/SearchSelect';
import { ListLayout } from '@/components/list/ListLayout';
import { listRead } from '@/components/list/listRead';
import { rangeSearch } from '@/components/list/rangeSearch';
import { RangeSearchField } from '@/components/list/RangeSearchField';
import { useListPage, type ItemOf } from '@/components/list/useListPage';
import { timeColumn } from '@/components/table/columns';
import { useRowSelection } from '@/components/table/useRowSelection';
import { actionsColumn, RowAction, RowActions } from '@/components/table/rowActions';
import { useAlarmsLive } from '@/hooks/useAlarmsLive';
import { message } from '@/lib/feedback';
import { AlarmDrawer } from './AlarmDrawer';
import { AlarmChangeModal, type AlarmChange } from './AlarmChangeModal';
import { fieldOf, ruleNameText, SEVERITY_COLOR, sourceValueText } from './alarmText';

type AlarmRow = ItemOf<typeof alarmApi.listAll>;

interface Filters {
  severity?: string;
  status?: string;
  acknowledged?: string;
  projectId?: string;
  deviceType?: string;
  range?: DateRange | null;
}
const TEXTS = ['severity', 'status', 'acknowledged', 'projectId', 'deviceType'] as const;
const SEARCH = rangeSearch<Filters>(TEXTS);

const LIST = { filters: SEARCH.filters };
export const firstRead = listRead(alarmApi.listAll, () => LIST);

/** A burst of alarm changes (a site's monitors crossing together) refetches once, this long after the first. */
const LIVE_REFETCH_MS = 500;

/**
 * /alarm/alarm-list (admin, agent, manager): the alarms the rules raised on the devices in the caller's
 * scope, active first, live; filtered, sorted and paged in the URL. Acknowledge, assign or clear (with a
 * reason, after a confirmation) one alarm or the selected ones; a row opens its detail.
 */
export function AlarmsPage() {
  const { t } = useTranslation();
  const { table } = useListPage(alarmApi.listAll, LIST);
  useAlarmsLive([alarmApi.listAll.module], LIVE_REFETCH_MS);
  const { setSelected, ids, selection } = useRowSelection();
  // A to-do's link (`?alarm=<id>`) opens that alarm's detail.
  const [params] = useSearchParams();
  const [open, setOpen] = useState<number | null>(() => Number(params.get('alarm')) || null);
  const [change, setChange] = useState<AlarmChange | null>(null);
  const acknowledge = useEndpointMutation(alarmApi.acknowledge);
  const projects = useProjectOptions('', true);

  const ack = async (ids: number[]) => {
    const { updated } = await acknowledge.mutateAsync({ ids });
    message().success(t('alarms.acknowledgedDone', { count: updated }));
    setSelected([]);
  };

  const columns: TableColumnsType<AlarmRow> = [
    {
      key: 'severity',
      dataIndex: 'severity',
      title: t('alarms.severity'),
      sorter: true,
      render: (v: AlarmRow['severity']) => <Tag color={SEVERITY_COLOR[v]}>{t(`alarms.severities.${v}`)}</Tag>,
    },
    {
      key: 'status',
      dataIndex: 'status',
      title: t('alarms.status'),
      render: (_: unknown, row) => (
        <>
          <Tag color={row.status === 'active' ? 'error' : 'success'}>{t(`alarms.statuses.${row.status}`)}</Tag>
          <Tag>{row.acknowledged ? t('alarms.acknowledgedYes') : t('alarms.acknowledgedNo')}</Tag>
        </>
      ),
    },
    {
      key: 'ruleName',
      dataIndex: 'ruleName',
      title: t('alarms.rule'),
      render: (v: string, row) => (
        <Button type="link" size="small" onClick={() => setOpen(row.id)}>
          {ruleNameText(v, t)}
        </Button>
      ),
    },
    {
      key: 'device',
      title: t('alarms.device'),
      render: (_: unknown, row) => `${row.deviceName ?? '-'} (${row.sn})`,
    },
    {
      key: 'deviceType',
      dataIndex: 'deviceType',
      title: t('alarms.deviceType'),
      render: (v: string) => t(`devices.type.${v}`),
    },
    {
      key: 'lastValue',
      title: t('alarms.lastValue'),
      render: (_: unknown, row) =>
        sourceValueText(row.lastValue, t) ??
        Object.entries(row.lastValue)
          .map(
            ([k, v]) =>
              `${t(`deviceLink.readings.fields.${k}`, { defaultValue: fieldOf(row.deviceType, k)?.label ?? k })} ${String(v)}${fieldOf(row.deviceType, k)?.unit ? ` ${fieldOf(row.deviceType, k)?.unit}` : ''}`,
          )
          .join(', '),
    },
    { key: 'count', dataIndex: 'count', title: t('alarms.count'), sorter: true },
    timeColumn<AlarmRow>('firstAt', t('alarms.firstAt'), { sortable: true }),
    timeColumn<AlarmRow>('lastAt', t('alarms.lastAt'), { sortable: true }),
    {
      key: 'assigneeName',
      dataIndex: 'assigneeName',
      title: t('alarms.assignee'),
      render: (v: string | null) => v ?? '-',
    },
    actionsColumn<AlarmRow>(t, (row) => (
      <RowActions>
        <RowAction onClick={() => setOpen(row.id)}>{t('alarms.view')}</RowAction>
        {!row.acknowledged && (
          <RowAction onClick={() => void afterReport(ack([row.id]))}>{t('alarms.acknowledge')}</RowAction>
        )}
        <RowAction onClick={() => setChange({ kind: 'assign', ids: [row.id] })}>{t('alarms.assign')}</RowAction>
        {row.status === 'active' && (
          <RowAction danger onClick={() => setChange({ kind: 'clear', ids: [row.id] })}>
            {t('alarms.clear')}
          </RowAction>
        )}
      </RowActions>
    )),
  ];

  const select = (name: (typeof TEXTS)[number], options: { value: string; label: string }[], width: number) => (
    <SearchSelect name={name} label={t(`alarms.${name}`)} id={`alarms-query-${name}`} width={width} options={options} />
  );
  return (
    <ListLayout<Filters, AlarmRow>
      {...SEARCH}
      search={
        <>
          {select(
            'severity',
            ALARM_SEVERITIES.map((v) => ({ value: v, label: t(`alarms.severities.${v}`) })),
            130,
          )}
          {select(
            'status',
            ALARM_STATUSES.map((v) => ({ value: v, label: t(`alarms.statuses.${v}`) })),
            130,
          )}
          {select(
            'acknowledged',
            [
              { value: 'true', label: t('alarms.acknowledgedYes') },
              { value: 'false', label: t('alarms.acknowledgedNo') },
            ],
            140,
          )}
          <SearchSelect
            name="projectId"
            label={t('alarms.projectId')}
            id="alarms-query-projectId"
            minWidth={180}
            searchable
            loading={projects.isFetching}
            options={(projects.data ?? []).map((p) => ({ value: String(p.value), label: p.label }))}
          />
          {select(
            'deviceType',
            DEVICE_TYPES.map((v) => ({ value: v, label: t(`devices.type.${v}`) })),
            170,
          )}
          <RangeSearchField label={t('alarms.range')} />
        </>
      }
      table={{
        tableId: 'alarms',
        columns,
        ...table,
        ...selection,
        toolbar: (
          <>
            <Button disabled={ids.length === 0} onClick={() => void afterReport(ack(ids))}>
              {t('alarms.bulkAcknowledge', { count: ids.length })}
            </Button>
            <Button disabled={ids.length === 0} onClick={() => setChange({ kind: 'assign', ids })}>
              {t('alarms.bulkAssign', { count: ids.length })}
            </Button>
            <Button danger disabled={ids.length === 0} onClick={() => setChange({ kind: 'clear', ids })}>
              {t('alarms.bulkClear', { count: ids.length })}
            </Button>
          </>
        ),
      }}
    >
      <AlarmDrawer id={open} onClose={() => setOpen(null)} />
      <AlarmChangeModal change={change} onClose={() => setChange(null)} onDone={() => setSelected([])} />
    </ListLayout>
  );
}
