import { describe, expect, it } from 'vitest';
import i18next from 'i18next';
import { MESSAGES } from '@/i18n/resources';
import { channelInUseText } from './channelInUse';

async function translator(locale: 'zh-CN' | 'en-US') {
  const instance = i18next.createInstance();
  await instance.init({ lng: locale, resources: { [locale]: { translation: MESSAGES[locale] } } });
  return instance.t;
}

const chain = (id: number, name: string, projectName: string) => ({
  id,
  name,
  projectId: id,
  projectName,
  channelIds: [1],
});

describe('a channel’s delete confirmation', () => {
  it('names the chains that use it, in both languages', async () => {
    const usedBy = [chain(1, 'Night', 'Tower A'), chain(2, 'Day', 'Tower B')];
    expect(channelInUseText(await translator('en-US'), { usedBy })).toBe(
      'Used by escalation chain Night (project Tower A), escalation chain Day (project Tower B): take it out of the chain first, or the delete is refused.',
    );
    expect(channelInUseText(await translator('zh-CN'), { usedBy })).toBe(
      '正被升级链 Night（项目 Tower A）、升级链 Day（项目 Tower B）使用：请先从升级链中移除，否则无法删除。',
    );
  });

  it('asks the usual question of a channel no chain uses', async () => {
    expect(channelInUseText(await translator('en-US'), { usedBy: [] })).toBeUndefined();
  });
});
