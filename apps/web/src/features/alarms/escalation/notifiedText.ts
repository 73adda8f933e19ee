import type { TFunction } from 'i18next';

/** A `notified` timeline entry's detail, as the escalation sweep writes it. */
interface NotifiedDetail {
  step?: number;
  repeatNo?: number;
  people?: { id: number; name: string }[];
  channels?: { name: string; kind: string; ok: boolean }[];
  /** Those in their quiet hours: sent to them when the window ends (HH:MM on their clock). */
  held?: { id: number; name: string; until: string }[];
  /** The send held for one person's quiet hours, made when they ended. */
  afterQuietHours?: boolean;
  /** Those the device's offline notice had told: the step's message box left them out. */
  alreadyNoticed?: { id: number; name: string }[];
}

/**
 * "Escalation step 2 sent to Wang: SMS ✓, Site group ✗; held for quiet hours of Li until 07:00": whom it
 * reached and how, and whom it waits for, on the alarm's timeline.
 */
export function notifiedText(t: TFunction, detail: Record<string, unknown>): string {
  const d = detail as NotifiedDetail;
  const whom = d.people?.length ? d.people.map((p) => p.name).join(', ') : t('alarmEscalation.timeline.nobody');
  const how = (d.channels ?? [])
    .map((c) =>
      t(c.ok ? 'alarmEscalation.timeline.channelOk' : 'alarmEscalation.timeline.channelFailed', { name: c.name }),
    )
    .join(', ');
  const sent = d.repeatNo
    ? t('alarmEscalation.timeline.reminded', { step: d.step, n: d.repeatNo, whom, how })
    : t('alarmEscalation.timeline.notified', { step: d.step, whom, how });
  const held = (d.held ?? []).map((h) => t('alarmEscalation.timeline.held', { name: h.name, until: h.until }));
  const after = d.afterQuietHours ? [t('alarmEscalation.timeline.afterQuietHours')] : [];
  const noticed = d.alreadyNoticed?.length
    ? [t('alarmEscalation.timeline.alreadyNoticed', { names: d.alreadyNoticed.map((p) => p.name).join(', ') })]
    : [];
  return [sent, ...after, ...held, ...noticed].join('; ');
}

/** A delivery's error code in words (the server logs codes: nobody, noAddress, ECONNREFUSED, HTTP 500…). */
export function deliveryError(t: TFunction, error: string | null): string {
  if (!error) return '';
  return t(`alarmEscalation.errors.${error}`, { defaultValue: error });
}
