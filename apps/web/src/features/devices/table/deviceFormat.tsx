import { useEffect } from 'react';
import { Badge, Flex, Tag, Typography } from 'antd';
import type { TFunction } from 'i18next';
import { awaitingDial, useDialWait } from './dialWait';

const AUTH_COLORS: Record<string, string> = { authorize: 'success', forbidden: 'error', unknown: 'default' };
const ONLINE_STATUS: Record<string, 'success' | 'default' | 'warning'> = {
  online: 'success',
  offline: 'default',
  unknown: 'warning',
};

export function AuthStatusTag({ value, t }: { value: string; t: TFunction }) {
  return <Tag color={AUTH_COLORS[value] ?? 'default'}>{t(`devices.authStatus.${value}`, value)}</Tag>;
}

/**
 * The online status; given the device, a device (re)authorised here that has not linked since also says
 * it is waiting for the device to dial in again (it backs off after a refusal, issue 33).
 */
export function OnlineStatusBadge({
  value,
  t,
  device,
}: {
  value: string;
  t: TFunction;
  device?: { id: number; authStatus: string };
}) {
  const since = useDialWait((s) => (device ? s.since[device.id] : undefined));
  const done = useDialWait((s) => s.done);
  const linked = device !== undefined && since !== undefined && value === 'online';
  useEffect(() => {
    if (linked) done([device.id]);
  }, [linked, device, done]);
  const waiting = device !== undefined && awaitingDial({ authStatus: device.authStatus, onlineStatus: value }, since);
  const badge = <Badge status={ONLINE_STATUS[value] ?? 'default'} text={t(`devices.onlineStatus.${value}`, value)} />;
  if (!waiting) return badge;
  return (
    <Flex vertical gap={2}>
      {badge}
      <Typography.Text type="secondary" style={{ fontSize: 12 }}>
        <Badge status="processing" /> {t('devices.awaitingDial')}
      </Typography.Text>
    </Flex>
  );
}
