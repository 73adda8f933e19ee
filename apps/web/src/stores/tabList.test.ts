import { describe, expect, it } from 'vitest';
import {
  closeAll,
  closeLeft,
  closeOthers,
  closeRight,
  closeTab,
  HOME_TAB,
  neighbourOf,
  normalizeTabs,
  openTab,
  type TabItem,
} from './tabList';

const tab = (name: string, query = ''): TabItem => ({
  key: `/x/${name}`,
  name,
  i18nKey: `menu.${name}`,
  fullPath: `/x/${name}${query}`,
});
const keys = (tabs: TabItem[]) => tabs.map((t) => t.name);

describe('tab list', () => {
  const a = tab('a');
  const b = tab('b');
  const c = tab('c');
  const three = [HOME_TAB, a, b, c];

  it('opens new pages at the end, after the home tab', () => {
    expect(keys(openTab([HOME_TAB], a))).toEqual(['workplace', 'a']);
    expect(keys(openTab(openTab([HOME_TAB], a), b))).toEqual(['workplace', 'a', 'b']);
  });

  it('past the cap the least recently used tab closes, never the workplace nor the one opened; the order stays', () => {
    let tabs = [HOME_TAB];
    tabs = openTab(tabs, a, 4, 1);
    tabs = openTab(tabs, b, 4, 2);
    tabs = openTab(tabs, c, 4, 3);
    // Back to a: b is now the least recently used.
    tabs = openTab(tabs, a, 4, 4);
    tabs = openTab(tabs, tab('d'), 4, 5);
    expect(keys(tabs)).toEqual(['workplace', 'a', 'c', 'd']);
    // A lower cap closes as many as it must at the next page.
    expect(keys(openTab(tabs, tab('e'), 3, 6))).toEqual(['workplace', 'd', 'e']);
  });

  it('reopening a page keeps one tab and remembers its latest query', () => {
    const tabs = openTab([HOME_TAB, a, b], tab('a', '?page=2'));
    expect(keys(tabs)).toEqual(['workplace', 'a', 'b']);
    expect(tabs[1].fullPath).toBe('/x/a?page=2');
  });

  it('closes one tab, never the home tab', () => {
    expect(keys(closeTab(three, b.key))).toEqual(['workplace', 'a', 'c']);
    expect(keys(closeTab(three, HOME_TAB.key))).toEqual(['workplace', 'a', 'b', 'c']);
  });

  it('closes the others, keeping home and the chosen tab', () => {
    expect(keys(closeOthers(three, b.key))).toEqual(['workplace', 'b']);
    expect(keys(closeOthers(three, HOME_TAB.key))).toEqual(['workplace']);
  });

  it('closes to the left and to the right', () => {
    expect(keys(closeLeft(three, c.key))).toEqual(['workplace', 'c']);
    expect(keys(closeRight(three, a.key))).toEqual(['workplace', 'a']);
  });

  it('closes all but home', () => {
    expect(keys(closeAll())).toEqual(['workplace']);
  });

  it('picks the left neighbour of a closing tab, else the right one', () => {
    expect(neighbourOf(three, b.key).name).toBe('a');
    expect(neighbourOf([HOME_TAB, a], a.key).name).toBe('workplace');
    expect(neighbourOf(three, 'missing').name).toBe('workplace');
  });

  it('repairs a stored list: home first, no duplicates', () => {
    expect(keys(normalizeTabs([a, HOME_TAB, a, b]))).toEqual(['workplace', 'a', 'b']);
    expect(keys(normalizeTabs([]))).toEqual(['workplace']);
  });
});
