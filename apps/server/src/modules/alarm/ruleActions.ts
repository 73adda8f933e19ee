import { and, eq } from 'drizzle-orm';
import { isAddressKind, type ChannelKind } from '@siteops/contracts/alarm-escalation/schemas';
import { ALARM_RELAY_TYPES, type AlarmAction } from '@siteops/contracts/alarm/rules';
import type { DeviceType } from '@siteops/contracts/device-protocol';
import { scope } from '../../auth/scope.ts';
import { alarmChannels, devices } from '../../db/schema/index.ts';
import type { HandlerContext } from '../../http/endpoint.ts';
import { fieldError, notFoundOf } from '../../core/errors.ts';
import { t } from '../../core/messages/index.ts';

/**
 * A rule's actions must name what the caller may reach: a relay's device in the caller's scope (404
 * otherwise) and of a type with relays (400), or, with no device named, a rule on a type with relays
 * (the alarm's own device); a webhook's channel in the caller's scope (404) that posts to an address
 * (a webhook or a group bot, 400 for a people channel).
 */
export async function checkActions(
  c: HandlerContext,
  actions: readonly AlarmAction[],
  ruleDeviceType: string | null | undefined,
): Promise<void> {
  for (const [i, action] of actions.entries()) {
    if (action.kind === 'relay') {
      if (action.deviceId === null) {
        if (!ruleDeviceType || !ALARM_RELAY_TYPES.includes(ruleDeviceType as DeviceType)) {
          throw fieldError(
            `actions.${i}.deviceId`,
            t('alarm.action.ownDeviceNoRelay', { types: ALARM_RELAY_TYPES.join(', ') }),
          );
        }
        continue;
      }
      const [device] = await c.db
        .select({ type: devices.type })
        .from(devices)
        .where(and(eq(devices.id, action.deviceId), scope.devices(c.caller)));
      if (!device) throw notFoundOf('Device', [action.deviceId]);
      if (!ALARM_RELAY_TYPES.includes(device.type as DeviceType)) {
        throw fieldError(
          `actions.${i}.deviceId`,
          t('alarm.action.noRelay', { type: device.type, types: ALARM_RELAY_TYPES.join(', ') }),
        );
      }
    } else if (action.kind === 'webhook') {
      const [channel] = await c.db
        .select({ kind: alarmChannels.kind })
        .from(alarmChannels)
        .where(and(eq(alarmChannels.id, action.channelId), scope.alarmChannels(c.caller)));
      if (!channel) throw notFoundOf('AlarmChannel', [action.channelId]);
      if (!isAddressKind(channel.kind as ChannelKind)) {
        throw fieldError(`actions.${i}.channelId`, t('alarm.action.channelKind', { kind: channel.kind }));
      }
    }
  }
}
