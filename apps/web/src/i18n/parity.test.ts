import { describe, expect, it } from 'vitest';
import { ROUTES } from '@siteops/contracts/shared/routes';
import { passwordProblem } from '@siteops/contracts/user/password';
import { LAYOUT_ROUTES } from '@/lib/routeMeta';
import { MESSAGES, unpairedFeatureFiles, type MessageTree as Tree } from './resources';

function flatten(tree: Tree, prefix = ''): Map<string, string> {
  const out = new Map<string, string>();
  for (const [key, value] of Object.entries(tree)) {
    const path = prefix ? `${prefix}.${key}` : key;
    if (typeof value === 'string') out.set(path, value);
    else for (const [k, v] of flatten(value, path)) out.set(k, v);
  }
  return out;
}

const zh = flatten(MESSAGES['zh-CN']);
const en = flatten(MESSAGES['en-US']);

/** Texts the spec words exactly, so a rewording in en-US is caught here. */
const SPEC_TEXTS: [key: string, text: string][] = [
  ['login.form.success', 'welcome to use'],
  ['login.form.errMsg', 'Login error, refresh and try again'],
  ['password.saved', 'Save Success'],
  ['password.mismatch', 'The new password entered twice is inconsistent, please modify it again'],
  ['logoutDialog.title', 'Confirm logout'],
  ['exception.403.description', 'Access to this resource on the server is denied'],
  ['exception.404.description', 'Whoops, this page is gone'],
  ['exception.500.description', 'Internal server error'],
  ['notFound.description', 'The Page is lost, Back To The Main'],
  ['result.error.title', 'Submit Error'],
  ['result.error.goBack', 'Go Back'],
  ['result.error.retry', 'Return For Correction'],
];

describe('i18n resources', () => {
  it('every feature message file has its other-language partner', () => {
    expect(unpairedFeatureFiles()).toEqual([]);
  });

  it('a value shown on several pages has one label set (certification "new" is not 新建 here and 未认证 there)', () => {
    const shared = MESSAGES['zh-CN'].values as Tree;
    const sameCodes = (a: Tree, b: Tree) => Object.keys(a).sort().join() === Object.keys(b).sort().join();
    const copies: string[] = [];
    const walk = (tree: Tree, path: string) => {
      for (const [key, value] of Object.entries(tree)) {
        if (typeof value === 'string' || (path === '' && key === 'values')) continue;
        const at = path ? `${path}.${key}` : key;
        if (Object.values(shared).some((set) => typeof set !== 'string' && sameCodes(set, value))) copies.push(at);
        walk(value, at);
      }
    };
    walk(MESSAGES['zh-CN'], '');
    expect(copies).toEqual([]);
  });

  it('zh-CN and en-US have exactly the same keys', () => {
    const onlyZh = [...zh.keys()].filter((k) => !en.has(k));
    const onlyEn = [...en.keys()].filter((k) => !zh.has(k));
    expect({ onlyZh, onlyEn }).toEqual({ onlyZh: [], onlyEn: [] });
  });

  it('no message is empty', () => {
    for (const [key, value] of [...zh, ...en]) expect(value.trim(), key).not.toBe('');
  });

  it('interpolations match between languages', () => {
    const vars = (s: string) => [...s.matchAll(/{{\s*(\w+)\s*}}/g)].map((m) => m[1]).sort();
    for (const [key, value] of zh) expect(vars(value), key).toEqual(vars(en.get(key) ?? ''));
  });

  it('every route of the table and of the console has a title', () => {
    const keys = [...ROUTES.map((r) => r.i18nKey), ...LAYOUT_ROUTES.map((r) => r.i18nKey)];
    for (const key of keys) expect(zh.has(key) && en.has(key), key).toBe(true);
  });

  it('every password policy reason is translated', () => {
    const reasons = ['a', 'a'.repeat(100), 'Abc 12!', 'Abcdef!', 'ABCDE1!', 'abcde1!', 'Abcde12'].map(passwordProblem);
    expect(reasons).not.toContain(null);
    for (const key of reasons as string[]) expect(zh.has(key) && en.has(key), key).toBe(true);
  });

  it('keeps the spec texts', () => {
    for (const [key, text] of SPEC_TEXTS) expect(en.get(key), key).toBe(text);
  });
});
