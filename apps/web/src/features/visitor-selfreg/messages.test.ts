import { describe, expect, it } from 'vitest';
import enUS from './messages/en-US.json';
import zhCN from './messages/zh-CN.json';

const keys = (tree: object, prefix = ''): string[] =>
  Object.entries(tree).flatMap(([k, v]) =>
    typeof v === 'object' && v !== null ? keys(v as object, `${prefix}${k}.`) : [`${prefix}${k}`],
  );
const placeholders = (tree: object) =>
  Object.fromEntries(
    keys(tree).map((k) => {
      const value = k.split('.').reduce<unknown>((node, part) => (node as Record<string, unknown>)[part], tree);
      return [k, [...String(value).matchAll(/\{\{(\w+)\}\}/g)].map((m) => m[1]).sort()];
    }),
  );

// The self-registration page's words are outside the console's bundles (messages.ts), so outside the
// shared parity test: the same check here.
describe('self-registration messages', () => {
  it('has the same keys and placeholders in both languages, none empty', () => {
    expect(keys(zhCN).sort()).toEqual(keys(enUS).sort());
    expect(placeholders(zhCN)).toEqual(placeholders(enUS));
    expect(Object.values(placeholders(zhCN))).not.toHaveLength(0);
    for (const tree of [zhCN, enUS]) expect(JSON.stringify(tree)).not.toMatch(/""/);
  });
});
