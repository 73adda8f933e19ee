import { Badge, Tag } from 'antd';
import type { TFunction } from 'i18next';

const AUTH_COLORS: Record<string, string> = { authorize: 'success', forbidden: 'error', unknown: 'default' };
const ONLINE_STATUS: Record<string, 'success' | 'default' | 'warning'> = {
  online: 'success',
  offline: 'default',
  unknown: 'warning',
};

export function AuthStatusTag({ value, t }: { value: string; t: TFunction }) {
  return <Tag color={AUTH_COLORS[value] ?? 'default'}>{t(`devices.authStatus.${value}`, value)}</Tag>;
}

export function OnlineStatusBadge({ value, t }: { value: string; t: TFunction }) {
  return <Badge status={ONLINE_STATUS[value] ?? 'default'} text={t(`devices.onlineStatus.${value}`, value)} />;
}
