import { Descriptions, Drawer, Tabs } from 'antd';
import type { DescriptionsProps } from 'antd';
import { useTranslation } from 'react-i18next';
import type { DeviceItem } from '@siteops/contracts/device/schemas';
import { deviceApi } from '@siteops/contracts/device/api';
import { useEndpointQuery } from '@/api/queries';
import { AuthStatusTag, OnlineStatusBadge } from './deviceFormat';
import { formatDateTime } from '@/lib/time';
import { AuditHistory, useCanReadAudit } from '@/components/audit/AuditHistory';

/** "View": every field of one device, fresh from the server (the row may be stale), and its history. */
export function DeviceDetailDrawer({ row, onClose }: { row: DeviceItem | null; onClose: () => void }) {
  const { t } = useTranslation();
  const canReadAudit = useCanReadAudit();
  const detail = useEndpointQuery(deviceApi.detail, { id: row?.id ?? 0 }, { enabled: row !== null });
  const d = detail.data ?? row;
  const yesNo = (v: boolean) => (v ? t('devices.yes') : t('devices.no'));
  const items: DescriptionsProps['items'] = d
    ? [
        { key: 'devName', label: t('devices.field.devName'), children: d.devName },
        { key: 'type', label: t('devices.field.type'), children: t(`devices.type.${d.type}`, d.type) },
        { key: 'sn', label: t('devices.field.sn'), children: d.sn },
        { key: 'mac', label: t('devices.field.mac'), children: d.mac },
        { key: 'ip', label: t('devices.field.ip'), children: d.ip },
        {
          key: 'transport',
          label: t('devices.field.transport'),
          children: d.transport ? t(`devices.transport.${d.transport}`, d.transport) : null,
        },
        { key: 'factoryName', label: t('devices.field.factoryName'), children: d.factoryName },
        { key: 'agent', label: t('devices.field.agent'), children: d.agentName },
        { key: 'project', label: t('devices.field.project'), children: d.projectName },
        { key: 'installSite', label: t('devices.field.installSite'), children: d.installSite },
        { key: 'frpcVer', label: t('devices.field.frpcVer'), children: d.frpcVer },
        { key: 'devVer', label: t('devices.field.devVer'), children: d.devVer },
        { key: 'version', label: t('devices.field.version'), children: d.version },
        {
          key: 'authStatus',
          label: t('devices.field.authStatus'),
          children: <AuthStatusTag value={d.authStatus} t={t} />,
        },
        {
          key: 'onlineStatus',
          label: t('devices.field.onlineStatus'),
          children: <OnlineStatusBadge value={d.onlineStatus} t={t} device={d} />,
        },
        { key: 'allow', label: t('devices.field.allow'), children: yesNo(d.allow) },
        { key: 'anyAccess', label: t('devices.field.anyAccess'), children: yesNo(d.anyAccess) },
        { key: 'remoteAccount', label: t('devices.field.remoteAccount'), children: d.remoteAccount },
        {
          key: 'terminalPassword',
          label: t('devices.field.terminalPassword'),
          children: d.hasTerminalPassword ? t('devices.passwordSet') : t('devices.passwordNotSet'),
        },
        ...(d.hj212Mn || d.hasHj212Pw
          ? [
              { key: 'hj212Mn', label: t('devices.field.hj212Mn'), children: d.hj212Mn },
              {
                key: 'hj212Pw',
                label: t('devices.field.hj212Pw'),
                children: d.hasHj212Pw ? t('devices.passwordSet') : t('devices.passwordNotSet'),
              },
            ]
          : []),
        {
          key: 'direction',
          label: t('devices.field.direction'),
          children: t(`devices.direction.${d.direction}`, d.direction),
        },
        {
          key: 'licenceExpiresAt',
          label: t('devices.field.licenceExpiresAt'),
          children: formatDateTime(d.licenceExpiresAt),
        },
        {
          key: 'additionDatetime',
          label: t('devices.field.additionDatetime'),
          children: formatDateTime(d.additionDatetime),
        },
        {
          key: 'heartbeatDatetime',
          label: t('devices.field.heartbeatDatetime'),
          children: formatDateTime(d.heartbeatDatetime),
        },
        { key: 'updatedAt', label: t('devices.field.updatedAt'), children: formatDateTime(d.updatedAt) },
        { key: 'remark', label: t('devices.field.remark'), children: d.remark },
      ]
    : [];
  const details = <Descriptions column={1} bordered size="small" items={items} data-testid="device-detail" />;
  return (
    <Drawer open={row !== null} onClose={onClose} size={560} title={t('devices.viewTitle')} destroyOnHidden>
      {canReadAudit && row ? (
        // Its history (who changed what, before and after) comes from the audit log: for whoever may read it.
        <Tabs
          items={[
            { key: 'detail', label: t('devices.viewTitle'), children: details },
            {
              key: 'history',
              label: t('auditChanges.history'),
              children: <AuditHistory targetType="device" targetId={row.id} />,
            },
          ]}
        />
      ) : (
        details
      )}
    </Drawer>
  );
}
