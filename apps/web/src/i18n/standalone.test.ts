import { describe, expect, it } from 'vitest';

type Tree = { [key: string]: string | Tree };

/**
 * Pages outside the console (a visitor's self-registration, password recovery), and console pages and
 * components whose words load with their own chunk (the compliance report, alarm escalation, the saved views menu), carry their words in their `messages/` folder,
 * so the shared parity test does not see them: the same check here, for every such folder.
 */
const bundles = import.meta.glob<Tree>(['../features/**/messages/*.json', '../components/**/messages/*.json'], {
  eager: true,
  import: 'default',
});
const folders = [...new Set(Object.keys(bundles).map((file) => file.replace(/\/[^/]+\.json$/, '')))];

const keys = (tree: Tree, prefix = ''): string[] =>
  Object.entries(tree).flatMap(([k, v]) => (typeof v === 'object' ? keys(v, `${prefix}${k}.`) : [`${prefix}${k}`]));
const placeholders = (tree: Tree) =>
  Object.fromEntries(
    keys(tree).map((k) => {
      const value = k.split('.').reduce<string | Tree>((node, part) => (node as Tree)[part], tree);
      return [k, [...String(value).matchAll(/\{\{(\w+)\}\}/g)].map((m) => m[1]).sort()];
    }),
  );

describe('standalone pages’ messages', () => {
  it('are found (self-registration, password recovery, the compliance report, escalation, saved views, charts)', () => {
    expect(folders.map((f) => f.split('/').slice(-2, -1)[0]).sort()).toEqual([
      'charts',
      'compliance',
      'escalation',
      'labour-selfreg',
      'recover',
      'savedViews',
      'visitor-selfreg',
    ]);
  });

  it.each(folders)('%s: the same keys and placeholders in both languages, none empty', (folder) => {
    const zhCN = bundles[`${folder}/zh-CN.json`];
    const enUS = bundles[`${folder}/en-US.json`];
    expect(zhCN && enUS).toBeTruthy();
    expect(keys(zhCN).length).toBeGreaterThan(0);
    expect(keys(zhCN).sort()).toEqual(keys(enUS).sort());
    expect(placeholders(zhCN)).toEqual(placeholders(enUS));
    for (const tree of [zhCN, enUS]) expect(JSON.stringify(tree)).not.toMatch(/""/);
  });
});
