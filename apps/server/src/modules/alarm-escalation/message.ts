import { LANGS, t, type Lang, type MessageKey, type Text } from '../../core/messages/index.ts';

/** An alarm as its escalation messages name it. */
export interface AlarmFacts {
  id: number;
  severity: string;
  status: string;
  ruleName: string;
  deviceId: number;
  deviceName: string | null;
  sn: string;
  projectId: number;
  projectName: string;
  lastValue: Record<string, unknown>;
  raisedAt: Date;
}

/** What one send says, whatever the channel: a title and a body (catalog texts), the console link, and the step. */
export interface Message {
  title: Text;
  body: Text;
  /** The console path (`/alarm/alarm-list?alarm=<id>`), or absent for a test. */
  link?: string;
  /** What the generic webhook posts besides the texts. */
  event: Record<string, unknown>;
}

/** The alarms page, opening one alarm's detail. */
const ALARM_PAGE = '/alarm/alarm-list';

const valuesText = (v: Record<string, unknown>) =>
  Object.entries(v)
    .map(([field, value]) => `${field} = ${String(value)}`)
    .join(', ') || '–';

/** Step `step` (1-based) of the chain, or its `repeatNo`th reminder, about `alarm`. */
export function stepMessage(alarm: AlarmFacts, step: number, repeatNo: number): Message {
  const device = alarm.deviceName || alarm.sn;
  return {
    title: t('escalation.title', {
      severity: t(`escalation.severity.${alarm.severity}` as MessageKey),
      rule: alarm.ruleName,
      device,
    }),
    body: t('escalation.body', {
      id: alarm.id,
      device,
      sn: alarm.sn,
      project: alarm.projectName,
      values: valuesText(alarm.lastValue),
      since: alarm.raisedAt.toISOString().slice(0, 19).replace('T', ' ') + ' UTC',
      step,
      reminder: repeatNo > 0 ? t('escalation.reminder', { n: repeatNo }) : '',
    }),
    link: `${ALARM_PAGE}?alarm=${alarm.id}`,
    event: {
      event: 'alarm.escalation',
      step,
      repeatNo,
      alarm: {
        id: alarm.id,
        severity: alarm.severity,
        status: alarm.status,
        rule: alarm.ruleName,
        device: { id: alarm.deviceId, sn: alarm.sn, name: alarm.deviceName },
        project: { id: alarm.projectId, name: alarm.projectName },
        lastValue: alarm.lastValue,
        raisedAt: alarm.raisedAt.toISOString(),
      },
    },
  };
}

/** A test through `channel`, sent by `user`. */
export function testMessage(user: string, channel: string): Message {
  return {
    title: t('escalation.test.title'),
    body: t('escalation.test.body', { user, channel }),
    event: { event: 'test', channel },
  };
}

/** The message as plain text in one language: title, body and the link. */
export function plainText(m: Message, lang: Lang, publicUrl: string | undefined): string {
  return [
    m.title.render(lang),
    m.body.render(lang),
    m.link && t('escalation.open', { url: `${publicUrl ?? ''}${m.link}` }).render(lang),
  ]
    .filter(Boolean)
    .join('\n');
}

/**
 * For a group or a system that has no language of its own: Chinese first (the sites' language), then
 * English, as the notification emails are written.
 */
export const bothLanguages = (m: Message, publicUrl: string | undefined) =>
  (['zh-CN', 'en-US'] as const).map((lang) => plainText(m, lang, publicUrl)).join('\n——\n');

/** Each language's text, keyed by language, for a payload. */
export const eachLanguage = (m: Message, publicUrl: string | undefined) =>
  Object.fromEntries(LANGS.map((lang) => [lang, plainText(m, lang, publicUrl)])) as Record<Lang, string>;
