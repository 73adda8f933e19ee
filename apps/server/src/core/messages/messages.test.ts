import { describe, expect, it } from 'vitest';
import { NOTIFICATION_KINDS } from '@siteops/contracts/notification/schemas';
import { andList, CATALOGS, langOf, localize, t } from './index.ts';

const paramsOf = (template: string) => [...template.matchAll(/\{(\w+)\}/g)].map((m) => m[1]).sort();

describe('the server message catalog', () => {
  it('has the same keys and the same parameters in both languages', () => {
    const en = CATALOGS['en-US'];
    const zh = CATALOGS['zh-CN'];
    expect(Object.keys(zh).sort()).toEqual(Object.keys(en).sort());
    const differing = (Object.keys(en) as (keyof typeof en)[]).filter(
      (key) => paramsOf(en[key]).join() !== paramsOf(zh[key]).join(),
    );
    expect(differing).toEqual([]);
  });

  it('names every notification kind (a notification email says which kind it is)', () => {
    const unnamed = NOTIFICATION_KINDS.filter((kind) => !(`notification.kind.${kind}` in CATALOGS['en-US']));
    expect(unnamed).toEqual([]);
  });

  it('says every zh-CN message in Chinese, not in English', () => {
    const cjk = /[\u3400-\u9fff]/;
    // Only a parameter, or fixed notation that reads the same in both.
    const sameInBoth = new Set(['text.verbatim', 'link.deviceSaid', 'request.fieldError', 'field.username']);
    const english = Object.entries(CATALOGS['zh-CN']).filter(([key, text]) => !sameInBoth.has(key) && !cjk.test(text));
    expect(english).toEqual([]);
  });
});

describe('Text', () => {
  it('renders parameters, nested messages and lists in the language asked', () => {
    const text = t('notFound.ids', { what: t('entity.Device'), ids: [3, 4] });
    expect(text.render('en-US')).toBe('Device 3, 4 not found');
    expect(text.render('zh-CN')).toBe('设备 3、4 不存在');
    const inUse = t('agent.inUse', {
      name: 'East',
      left: andList([t('agent.dep.users', { n: 2 }), t('agent.dep.devices', { n: 5 })]),
    });
    expect(inUse.render('en-US')).toBe('The agent East still has 2 users and 5 devices; move or delete them first');
    expect(inUse.render('zh-CN')).toBe('代理商 East 还有 2 个用户、5 台设备，请先移走或删除');
  });

  it('is English when serialised without a language, and localize() renders it anywhere in data', () => {
    const text = t('auth.badCredentials');
    expect(JSON.stringify({ msg: text })).toBe('{"msg":"Incorrect username or password"}');
    expect(localize({ fields: { a: text }, list: [text], n: 1 }, 'zh-CN')).toEqual({
      fields: { a: '用户名或密码错误' },
      list: ['用户名或密码错误'],
      n: 1,
    });
  });
});

describe('langOf (Accept-Language)', () => {
  it.each([
    [undefined, 'en-US'],
    ['', 'en-US'],
    ['zh-CN', 'zh-CN'],
    ['zh', 'zh-CN'],
    ['zh-TW', 'zh-CN'],
    ['zh-Hans-CN;q=0.9', 'zh-CN'],
    ['en-US', 'en-US'],
    ['fr-FR', 'en-US'],
    ['en-US,zh-CN;q=0.5', 'en-US'],
    ['zh-CN,zh;q=0.9,en;q=0.8', 'zh-CN'],
    ['en;q=0.2, zh-CN;q=0.8', 'zh-CN'],
    ['*', 'en-US'],
  ])('%j answers %s', (header, lang) => {
    expect(langOf(header)).toBe(lang);
  });
});
