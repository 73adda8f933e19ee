import { and, asc, eq } from 'drizzle-orm';
import { ADDRESS_CHANNEL_KINDS } from '@siteops/contracts/alarm-escalation/schemas';
import { type AlarmActionState } from '@siteops/contracts/alarm/schemas';
import { ALARM_ACTION_CONFIRM_TYPES, ALARM_RELAY_TYPES } from '@siteops/contracts/alarm/rules';
import type { DeviceType } from '@siteops/contracts/device-protocol';
import type { Db } from '../../db/client.ts';
import { alarmChannelLog, alarmChannels, devices, type StoredAlarmAction } from '../../db/schema/index.ts';
import { t, type MessageKey } from '../../core/messages/index.ts';
import { RpcError } from '../../gateway/index.ts';
import { sendThrough } from '../alarm-escalation/send/deliver.ts';
import type { ActionDeps, Facts } from './actionFacts.ts';

/*
 * What each kind of linked action does when its run is performed (actions.ts): a speaker plays, a relay
 * switches, a webhook posts. Each answers an outcome; it records nothing itself.
 */

/** A command to a device (a speaker, a relay) waits this long for its answer. */
const COMMAND_TIMEOUT_MS = 10_000;

/** How a run ended (or that it waits), and what its timeline entry says besides. */
export interface Outcome {
  state: Extract<AlarmActionState, 'sent' | 'failed' | 'waiting'>;
  reason?: string | null;
  deviceId?: number | null;
  detail: Record<string, unknown>;
}

export const reasonOf = (err: unknown) =>
  err instanceof RpcError ? err.code : (err instanceof Error ? err.message : String(err)).slice(0, 200);

/** The project's cloud speakers play the text; sent when at least one played. */
export async function speak(deps: ActionDeps, facts: Facts, action: Extract<StoredAlarmAction, { kind: 'speak' }>) {
  if (facts.projectId === null) return { state: 'failed', reason: 'noProject', detail: {} } satisfies Outcome;
  const speakers = await deps.db
    .select({ id: devices.id, name: devices.devName, sn: devices.sn })
    .from(devices)
    .where(
      and(eq(devices.projectId, facts.projectId), eq(devices.type, 'broadcast'), eq(devices.authStatus, 'authorize')),
    )
    .orderBy(asc(devices.id))
    .limit(100);
  if (speakers.length === 0) return { state: 'failed', reason: 'noSpeakers', detail: {} } satisfies Outcome;
  const played = await Promise.all(
    speakers.map(async (s) => {
      try {
        await deps.deviceCommands.send(
          s.id,
          'broadcast.play',
          {
            text: action.text,
            title: facts.ruleName.slice(0, 64),
            ...(action.volume !== undefined && { volume: action.volume }),
            ...(action.repeat !== undefined && { repeat: action.repeat }),
          },
          { timeoutMs: COMMAND_TIMEOUT_MS },
        );
        return { id: s.id, name: s.name ?? s.sn, ok: true, reason: null };
      } catch (err) {
        return { id: s.id, name: s.name ?? s.sn, ok: false, reason: reasonOf(err) };
      }
    }),
  );
  const ok = played.some((p) => p.ok);
  return {
    state: ok ? 'sent' : 'failed',
    reason: ok ? null : played[0].reason,
    detail: { text: action.text, speakers: played },
  } satisfies Outcome;
}

/** The relay's device: the one the action names, else the alarm's own. */
async function relayDevice(db: Db, facts: Facts, action: Extract<StoredAlarmAction, { kind: 'relay' }>) {
  if (action.deviceId === null)
    return { id: facts.deviceId, name: facts.deviceName ?? facts.sn, type: facts.deviceType };
  const [d] = await db
    .select({ id: devices.id, name: devices.devName, sn: devices.sn, type: devices.type })
    .from(devices)
    .where(eq(devices.id, action.deviceId));
  return d ? { id: d.id, name: d.name ?? d.sn, type: d.type } : undefined;
}

/** Whether a relay command to a device of this type waits for a second person (a power cut). */
export const needsConfirmation = (type: string) => ALARM_ACTION_CONFIRM_TYPES.includes(type as DeviceType);

/** Switch the relay; a crane's or an elevator's waits for a second person unless `confirmed`. */
export async function relay(
  deps: ActionDeps,
  facts: Facts,
  action: Extract<StoredAlarmAction, { kind: 'relay' }>,
  confirmed: boolean,
): Promise<Outcome> {
  const device = await relayDevice(deps.db, facts, action);
  const base = { output: action.output, on: action.on };
  if (!device) return { state: 'failed', reason: 'deviceGone', detail: base };
  const detail = { ...base, device: { id: device.id, name: device.name } };
  if (!ALARM_RELAY_TYPES.includes(device.type as DeviceType)) {
    return { state: 'failed', reason: 'unsupported', deviceId: device.id, detail };
  }
  if (!confirmed && needsConfirmation(device.type)) return { state: 'waiting', deviceId: device.id, detail };
  try {
    await deps.deviceCommands.send(
      device.id,
      'relay.set',
      { output: action.output, on: action.on },
      { timeoutMs: COMMAND_TIMEOUT_MS },
    );
    return { state: 'sent', deviceId: device.id, detail };
  } catch (err) {
    return { state: 'failed', reason: reasonOf(err), deviceId: device.id, detail };
  }
}

const valuesText = (v: Record<string, unknown>) =>
  Object.entries(v)
    .map(([field, value]) => `${field} = ${String(value)}`)
    .join(', ') || '–';

/**
 * Post the alarm through a channel of its project or its agent, with the escalation module's sender
 * (signed, retried, the answer logged in the channel's log).
 */
export async function webhook(
  deps: ActionDeps,
  facts: Facts,
  action: Extract<StoredAlarmAction, { kind: 'webhook' }>,
  phase: 'raised' | 'cleared',
): Promise<Outcome> {
  const [channel] = await deps.db
    .select()
    .from(alarmChannels)
    .where(and(eq(alarmChannels.id, action.channelId), eq(alarmChannels.enabled, true)));
  const serves =
    channel &&
    (ADDRESS_CHANNEL_KINDS as readonly string[]).includes(channel.kind) &&
    ((facts.projectId !== null && channel.projectId === facts.projectId) ||
      (facts.agentId !== null && channel.agentId === facts.agentId));
  if (!channel || !serves) return { state: 'failed', reason: 'channelGone', detail: { channelId: action.channelId } };
  const device = facts.deviceName || facts.sn;
  const message = {
    title: t('alarm.action.webhookTitle', {
      severity: t(`escalation.severity.${facts.severity}` as MessageKey),
      rule: facts.ruleName,
      device,
    }),
    body: t('alarm.action.webhookBody', {
      id: facts.alarmId,
      device,
      sn: facts.sn,
      project: facts.projectName ?? '–',
      when: t(`alarm.action.when.${phase}`),
      values: valuesText(facts.lastValue),
    }),
    link: `/alarm/alarm-list?alarm=${facts.alarmId}`,
    event: {
      event: 'alarm.action',
      when: phase,
      alarm: {
        id: facts.alarmId,
        severity: facts.severity,
        status: facts.status,
        rule: facts.ruleName,
        device: { id: facts.deviceId, sn: facts.sn, name: facts.deviceName },
        project: facts.projectId === null ? null : { id: facts.projectId, name: facts.projectName },
        lastValue: facts.lastValue,
        raisedAt: facts.raisedAt.toISOString(),
      },
    },
  };
  const row = await sendThrough(deps, channel, message, [], {
    alarmId: facts.alarmId,
    step: 0,
    repeatNo: 0,
    severity: facts.severity,
  });
  // Not an escalation step: the log row names the alarm only.
  await deps.db.insert(alarmChannelLog).values({ ...row, step: null, repeatNo: null });
  return {
    state: row.ok ? 'sent' : 'failed',
    reason: row.ok ? null : (row.error ?? (row.status ? `HTTP ${row.status}` : 'failed')),
    detail: { channel: { id: channel.id, name: channel.name, kind: channel.kind }, status: row.status },
  };
}
