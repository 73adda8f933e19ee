import { and, eq } from 'drizzle-orm';
import { DEVICE_LINK_HTTP_STATUS, DeviceLinkCode } from '@siteops/contracts/device-link/schemas';
import { transportCarries, type DeviceType, type RpcErrorCode } from '@siteops/contracts/device-protocol';
import type { Db } from '../../db/client.ts';
import { devices } from '../../db/schema/index.ts';
import { scope, type Caller } from '../../auth/scope.ts';
import { ApiError, mustExist } from '../../core/errors.ts';
import { t, type Text } from '../../core/messages/index.ts';
import { RpcError } from '../../gateway/index.ts';

export interface LinkDevice {
  id: number;
  sn: string;
  type: DeviceType;
  agentId: number | null;
  devName: string | null;
  /** How it last linked (ws, mqtt, hj212); null before its first link. */
  transport: string | null;
}

/** A device the caller may command (scope.deviceLink), or the 404 a missing one answers too. */
export async function loadLinkDevice(db: Db, caller: Caller, id: number): Promise<LinkDevice> {
  const [row] = await db
    .select({
      id: devices.id,
      sn: devices.sn,
      type: devices.type,
      agentId: devices.agentId,
      devName: devices.devName,
      transport: devices.transport,
    })
    .from(devices)
    .where(and(eq(devices.id, id), scope.deviceLink(caller)))
    .limit(1);
  return mustExist(row as LinkDevice | undefined, 'Device');
}

const MESSAGES: Partial<Record<RpcErrorCode, Text>> = {
  offline: t('link.offline'),
  timeout: t('link.timeout'),
  linkClosed: t('link.linkClosed'),
  busy: t('link.busy'),
};

/**
 * A command the device's transport cannot carry (an HJ 212 monitor: anything but its configuration) is
 * refused before anything is sent or audited, online or not.
 */
export function mustCarry(device: LinkDevice, method: string) {
  if (transportCarries(device.transport, method)) return;
  throw new ApiError(
    DEVICE_LINK_HTTP_STATUS.unsupported,
    DeviceLinkCode.unsupported,
    t('link.transportCannot', { transport: TRANSPORT_LABELS[device.transport!] ?? device.transport!, method }),
    { reason: 'unsupported', deviceId: device.id },
  );
}

const TRANSPORT_LABELS: Record<string, string> = { ws: 'WebSocket', mqtt: 'MQTT', hj212: 'HJ 212' };

/** A failed RPC as the envelope error of contracts/device-link/schemas.ts (DeviceLinkCode); anything else is rethrown. */
export function commandError(err: unknown, deviceId: number): ApiError {
  if (!(err instanceof RpcError)) throw err;
  const reason = err.code;
  // What the device itself says (unsupported, failed, badParams) is passed on, marked as the device's.
  const msg =
    reason === 'unsupported' || reason === 'failed' || reason === 'badParams'
      ? t('link.deviceSaid', { text: err.message })
      : (MESSAGES[reason] ?? t('link.deviceSaid', { text: err.message }));
  return new ApiError(DEVICE_LINK_HTTP_STATUS[reason], DeviceLinkCode[reason], msg, { reason, deviceId });
}
