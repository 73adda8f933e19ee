import { describe, expect, it } from 'vitest';
import i18next from 'i18next';
import { MESSAGES } from '@/i18n/resources';
import { actionText } from './actionText';

async function translator(locale: 'zh-CN' | 'en-US') {
  const instance = i18next.createInstance();
  await instance.init({ lng: locale, resources: { [locale]: { translation: MESSAGES[locale] } } });
  return instance.t;
}

const crane = { kind: 'relay', when: 'raised', output: 2, on: true, device: { id: 5, name: 'Crane 3' } };

describe('a linked action on the alarm timeline', () => {
  it('says what each action did, why it failed, and who confirmed a power cut', async () => {
    const t = await translator('en-US');
    expect(
      actionText(t, { kind: 'speak', state: 'sent', text: 'Fog on', speakers: [{ name: 'a', ok: true }] }, 'x'),
    ).toBe('Speakers played “Fog on” (1 of 1)');
    expect(actionText(t, { kind: 'speak', state: 'failed', reason: 'noSpeakers' }, 'x')).toBe(
      'Speakers did not play: the project has no cloud speakers',
    );
    expect(actionText(t, { ...crane, state: 'waiting' }, 'x')).toBe(
      "Power cut on Crane 3 (relay output 2 on) waits for a second person's confirmation",
    );
    expect(actionText(t, { ...crane, state: 'confirmed' }, 'wang')).toBe(
      'wang confirmed the power cut on Crane 3 (relay output 2 on)',
    );
    expect(actionText(t, { ...crane, when: 'cleared', on: false, state: 'failed', reason: 'offline' }, 'x')).toBe(
      'On clear: Relay output 2 of Crane 3 not switched: the device is offline',
    );
    expect(
      actionText(
        t,
        { kind: 'webhook', state: 'failed', reason: 'HTTP 500', channel: { name: 'Site', kind: 'webhook' } },
        'x',
      ),
    ).toBe('Webhook Site failed: HTTP 500');
  });

  it('in Chinese too', async () => {
    const t = await translator('zh-CN');
    expect(actionText(t, { ...crane, state: 'sent' }, 'x')).toBe('Crane 3 的继电器输出 2 已闭合');
    expect(actionText(t, { ...crane, state: 'waiting' }, 'x')).toBe('Crane 3 断电（继电器输出 2 闭合）等待另一人确认');
  });
});
