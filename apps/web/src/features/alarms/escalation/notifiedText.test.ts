import { describe, expect, it } from 'vitest';
import i18next from 'i18next';
import { MESSAGES } from '@/i18n/resources';
import { notifiedText } from './notifiedText';

async function translator(locale: 'zh-CN' | 'en-US') {
  const instance = i18next.createInstance();
  await instance.init({ lng: locale, resources: { [locale]: { translation: MESSAGES[locale] } } });
  return instance.t;
}

const step = {
  step: 1,
  repeatNo: 0,
  people: [{ id: 2, name: 'wang' }],
  channels: [{ name: 'Message box', kind: 'inapp', ok: true }],
};

describe('an escalation step on the alarm timeline', () => {
  it('names whom quiet hours held it for, and until when', async () => {
    const t = await translator('en-US');
    expect(notifiedText(t, { ...step, held: [{ id: 3, name: 'li', until: '07:00' }] })).toBe(
      'Escalation step 1 sent to wang: Message box ✓; held for quiet hours of li until 07:00',
    );
    expect(notifiedText(t, step)).toBe('Escalation step 1 sent to wang: Message box ✓');
    expect(notifiedText(t, { ...step, people: [{ id: 3, name: 'li' }], afterQuietHours: true })).toBe(
      'Escalation step 1 sent to li: Message box ✓; after their quiet hours',
    );
  });

  it('names those the device’s offline notice told, whom the message box left out', async () => {
    const told = { ...step, alreadyNoticed: [{ id: 4, name: 'zhao' }] };
    expect(notifiedText(await translator('en-US'), told)).toBe(
      'Escalation step 1 sent to wang: Message box ✓; not again in the message box for zhao, told of the device going offline already',
    );
    expect(notifiedText(await translator('zh-CN'), told)).toContain('zhao 已收到设备离线通知，站内信不再重复发送');
  });

  it('says it in Chinese too', async () => {
    const t = await translator('zh-CN');
    expect(notifiedText(t, { ...step, held: [{ id: 3, name: 'li', until: '07:00' }] })).toContain(
      'li 处于免打扰时段，延至 07:00 发送',
    );
  });
});
