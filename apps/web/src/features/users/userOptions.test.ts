import { describe, expect, it } from 'vitest';
import i18next from 'i18next';
import { CERTIFICATION, CULTURE_LEVELS, POLITICS, SEX, USER_ENABLED } from '@siteops/contracts/user/schemas';
import { MESSAGES } from '@/i18n/resources';
import { labelOf, optionsOf } from './userOptions';

async function translator(locale: 'zh-CN' | 'en-US') {
  const instance = i18next.createInstance();
  await instance.init({ lng: locale, resources: { [locale]: { translation: MESSAGES[locale] } } });
  return instance.t;
}

describe('user form options (spec 3)', () => {
  it.each(['zh-CN', 'en-US'] as const)('every stored code has its own label in %s', async (locale) => {
    const t = await translator(locale);
    const options = optionsOf(t);
    for (const [codes, list] of [
      [SEX, options.sex],
      [POLITICS, options.politics],
      [CULTURE_LEVELS, options.cultureLevel],
      [USER_ENABLED, options.enabled],
      [CERTIFICATION, options.certification],
    ] as const) {
      expect(list.map((o) => o.value)).toEqual([...codes]);
      for (const o of list) expect(o.label).not.toContain('users.');
      expect(new Set(list.map((o) => o.label)).size).toBe(list.length);
    }
  });

  it('uses the spec’s wording', async () => {
    const zh = optionsOf(await translator('zh-CN'));
    const en = optionsOf(await translator('en-US'));
    expect(zh.sex.map((o) => o.label)).toEqual(['男', '女']);
    expect(en.politics.map((o) => o.label)).toEqual([
      'Party member',
      'Probationary party member',
      'Youth league member',
      'Masses',
      'Democratic party member',
    ]);
    expect(en.cultureLevel).toHaveLength(9);
  });

  it('shows an unknown stored code as it is and an empty one as a dash', async () => {
    const t = await translator('en-US');
    expect(labelOf(t, 'sexOptions', 'female')).toBe('Female');
    expect(labelOf(t, 'sexOptions', 'alien')).toBe('alien');
    expect(labelOf(t, 'sexOptions', null)).toBe('-');
  });
});
