import { describe, expect, it } from 'vitest';
import { menuForRole } from '@siteops/contracts/shared/routes';
import { hitItem, matchPages, pageItems, recentFirst, rememberRecent } from './paletteItems';

const pages = pageItems(menuForRole('manager'), (key) => key);

describe('the palette lines', () => {
  it('offers the leaves of the role’s menu, each with its section', () => {
    expect(pages.map((p) => p.path)).toContain('/visitor/visitor-List');
    expect(pages.map((p) => p.path)).not.toContain('/device/device-list');
    expect(pages.find((p) => p.path === '/visitor/visitor-List')).toMatchObject({
      kind: 'page',
      title: 'menu.visitor.list',
      subtitle: 'menu.visitor.root',
    });
  });

  it('matches a page by its title, section or path, in any case', () => {
    expect(matchPages(pages, 'VISITOR-list').map((p) => p.path)).toEqual(['/visitor/visitor-List']);
    expect(matchPages(pages, '  ')).toHaveLength(pages.length);
  });

  it('puts what was opened lately first, newest first, and remembers at most eight', () => {
    const device = hitItem({
      kind: 'device',
      id: 7,
      title: 'Gate 1',
      subtitle: 'SN7',
      path: '/device/device-list?sn=SN7',
    });
    const lines = pages.slice(0, 3);
    const recent = rememberRecent(rememberRecent([], pages[2]), device);
    // Nothing typed: the device opened last comes back though no search ran.
    expect(recentFirst(lines, recent).map((l) => l.key)).toEqual([
      device.key,
      pages[2].key,
      pages[0].key,
      pages[1].key,
    ]);
    // Typed: only the recent lines that match come first.
    expect(recentFirst(lines, recent, 'gate').map((l) => l.key)[0]).toBe(device.key);
    expect(recentFirst(lines, recent, 'visitor').map((l) => l.key)).not.toContain(device.key);
    // A page the role's menu no longer offers is not offered from the recent list either.
    const gone = { ...pages[0], key: 'page:/gone', path: '/gone' };
    expect(recentFirst(lines, [gone]).map((l) => l.key)).not.toContain('page:/gone');
    let many: typeof recent = [];
    for (let i = 0; i < 12; i++) many = rememberRecent(many, { ...device, key: `k${i}` });
    expect(many.map((m) => m.key)).toEqual(['k11', 'k10', 'k9', 'k8', 'k7', 'k6', 'k5', 'k4']);
  });
});
