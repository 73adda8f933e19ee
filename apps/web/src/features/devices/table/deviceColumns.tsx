import type { ReactNode } from 'react';
import { EllipsisText } from '@/components/EllipsisText';
import type { TableColumnsType } from 'antd';
import type { TFunction } from 'i18next';
import type { DeviceItem } from '@siteops/contracts/device/schemas';
import type { DeviceType } from '@siteops/contracts/device-protocol';
import { showsDirection, showsReadings, showsRemoteAccount } from '@/features/devices/deviceTypes';
import { LatestReadings } from '@/components/device/LatestReadings';
import { AuthStatusTag, OnlineStatusBadge } from './deviceFormat';
import { formatDateTime } from '@/lib/time';
import { actionsColumn } from '@/components/table/rowActions';

type Column = TableColumnsType<DeviceItem>[number];

interface ColumnOptions {
  t: TFunction;
  /** The type fixed by the route; undefined on the all-types list (which shows a type column). */
  fixedType?: DeviceType;
  isAdmin: boolean;
  actions: (row: DeviceItem) => ReactNode;
}

/**
 * The device table's columns: the common ones plus those that matter for the route's type (direction,
 * latest readings, remote account). Status comes right after the serial so it is in view on a laptop and
 * first to reach on a phone. Sortable columns are keyed by DEVICE_SORT_FIELDS.
 */
export function deviceColumns({ t, fixedType, isAdmin, actions }: ColumnOptions): TableColumnsType<DeviceItem> {
  const text = (key: keyof DeviceItem & string, sorter = false, title = t(`devices.field.${key}`)): Column => ({
    key,
    dataIndex: key,
    title,
    ...(sorter && { sorter: true }),
  });
  const when = (shown: boolean, ...columns: Column[]) => (shown ? columns : []);
  return [
    text('devName', true),
    ...when(fixedType === undefined, {
      ...text('type', true),
      render: (v: string) => t(`devices.type.${v}`, v),
    }),
    text('sn', true),
    { ...text('authStatus', true), render: (v: string) => <AuthStatusTag value={v} t={t} /> },
    {
      ...text('onlineStatus', true),
      render: (v: string, row) => <OnlineStatusBadge value={v} t={t} device={row} />,
    },
    text('mac', true),
    text('ip', true),
    ...when(isAdmin, text('agentName', false, t('devices.field.agent'))),
    text('projectName', false, t('devices.field.project')),
    text('installSite'),
    ...when(showsDirection(fixedType), {
      ...text('direction'),
      render: (v: string) => t(`devices.direction.${v}`, v),
    }),
    ...when(showsReadings(fixedType), {
      key: 'latest',
      title: t('devices.field.latest'),
      render: (_: unknown, row: DeviceItem) => (
        <LatestReadings type={row.type} latest={row.latest} flags={row.latestFlags} at={row.latestAt} />
      ),
    }),
    text('factoryName', true),
    text('version', true),
    text('devVer'),
    text('frpcVer'),
    ...when(showsRemoteAccount(fixedType), text('remoteAccount')),
    { ...text('additionDatetime', true), render: formatDateTime },
    { ...text('heartbeatDatetime', true), render: formatDateTime },
    {
      ...text('remark'),
      render: (v: string | null) => <EllipsisText text={v} maxWidth={200} />,
    },
    actionsColumn(t, actions),
  ];
}
