import { describe, expect, it } from 'vitest';
import { ROUTES, menuForRole, pagesForRole } from './routes.ts';
import { roleAllowed } from './roles.ts';

describe('route table', () => {
  it('has unique names and paths, and every child has an existing parent', () => {
    expect(new Set(ROUTES.map((r) => r.name)).size).toBe(ROUTES.length);
    expect(new Set(ROUTES.map((r) => r.path)).size).toBe(ROUTES.length);
    const roots = new Set(ROUTES.filter((r) => !r.parent).map((r) => r.name));
    for (const r of ROUTES.filter((x) => x.parent)) expect(roots.has(r.parent!)).toBe(true);
  });

  it('a section is visible to a role only through a child it may open', () => {
    for (const role of ['admin', 'agent', 'manager', 'user'] as const) {
      for (const node of menuForRole(role)) {
        expect(node.children!.length).toBeGreaterThan(0);
        for (const c of node.children!)
          expect(roleAllowed(role, ROUTES.find((r) => r.name === c.name)!.roles)).toBe(true);
      }
    }
  });

  it('the first page of every role is the workplace', () => {
    for (const role of ['admin', 'agent', 'manager', 'user'] as const)
      expect(pagesForRole(role)[0].name).toBe('workplace');
  });

  it('the element-hiding rule: empty list allows all, otherwise the role must be listed', () => {
    expect(roleAllowed('user', [])).toBe(true);
    expect(roleAllowed('user', ['admin'])).toBe(false);
    expect(roleAllowed(undefined, ['*'])).toBe(true);
    expect(roleAllowed('agent', ['admin', 'agent'])).toBe(true);
  });
});
