import type { TFunction } from 'i18next';

/** An `action` timeline entry's detail, as the server writes it (modules/alarm/actions.ts). */
interface ActionDetail {
  kind?: 'speak' | 'relay' | 'webhook';
  when?: 'raised' | 'cleared';
  state?: 'sent' | 'failed' | 'waiting' | 'confirmed';
  reason?: string;
  text?: string;
  speakers?: { name: string; ok: boolean }[];
  device?: { id: number; name?: string };
  output?: number;
  on?: boolean;
  channel?: { name: string; kind: string };
}

/** A failure's reason in words (an RPC code, noSpeakers, channelGone, HTTP 500…), else as the server said it. */
export function actionReason(t: TFunction, reason: string | null | undefined): string {
  if (!reason) return '';
  return t(`alarms.actions.reasons.${reason}`, { defaultValue: reason });
}

/**
 * A linked action's outcome on the alarm's timeline: "Speakers played “Fog cannons on” (2 of 2)",
 * "Relay output 1 of Gate gateway switched on", "Power cut on Crane 3 (relay output 2 on) waits for a
 * second person's confirmation", "Webhook Site system failed: HTTP 500"; prefixed "On clear:" for an
 * action of the clear.
 */
export function actionText(t: TFunction, detail: Record<string, unknown>, who: string): string {
  const d = detail as ActionDetail;
  const reason = actionReason(t, d.reason);
  const relay = {
    output: d.output ?? '',
    device: d.device?.name ?? (d.device ? `#${d.device.id}` : ''),
    state: t(d.on ? 'alarms.actions.relayOn' : 'alarms.actions.relayOff'),
  };
  let text: string;
  switch (d.kind) {
    case 'speak': {
      const speakers = d.speakers ?? [];
      text =
        d.state === 'sent'
          ? t('alarms.actions.timeline.spoke', {
              text: d.text ?? '',
              ok: speakers.filter((s) => s.ok).length,
              count: speakers.length,
            })
          : t('alarms.actions.timeline.speakFailed', { reason });
      break;
    }
    case 'relay':
      text =
        d.state === 'sent'
          ? t('alarms.actions.timeline.switched', relay)
          : d.state === 'waiting'
            ? t('alarms.actions.timeline.waiting', relay)
            : d.state === 'confirmed'
              ? t('alarms.actions.timeline.confirmed', { ...relay, who })
              : t('alarms.actions.timeline.switchFailed', { ...relay, reason });
      break;
    default:
      text =
        d.state === 'sent'
          ? t('alarms.actions.timeline.posted', { channel: d.channel?.name ?? '' })
          : t('alarms.actions.timeline.postFailed', { channel: d.channel?.name ?? '', reason });
  }
  return d.when === 'cleared' ? `${t('alarms.actions.timeline.onClear')} ${text}` : text;
}
