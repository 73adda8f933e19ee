import { describe, expect, it } from 'vitest';
import type { RouteRole } from '@siteops/contracts/shared/roles';
import { hasPermission } from './permission';

describe('hasPermission (spec 6 element-hiding rule)', () => {
  it('keeps an element for a listed role', () => {
    expect(hasPermission('admin', ['admin', 'agent'])).toBe(true);
    expect(hasPermission('agent', ['admin', 'agent'])).toBe(true);
  });

  it('removes it for a role not in the list', () => {
    expect(hasPermission('user', ['admin', 'agent'])).toBe(false);
    expect(hasPermission('manager', ['admin'])).toBe(false);
  });

  it('removes it while the role is unknown', () => {
    expect(hasPermission(undefined, ['admin'])).toBe(false);
  });

  it('an empty list allows every role', () => {
    for (const role of ['admin', 'agent', 'manager', 'user'] as const) expect(hasPermission(role, [])).toBe(true);
  });

  it('`*` allows every role', () => {
    expect(hasPermission('user', ['*'])).toBe(true);
  });

  it('throws "need roles" without a list', () => {
    expect(() => hasPermission('admin', undefined)).toThrow('need roles');
    expect(() => hasPermission('admin', 'admin' as unknown as RouteRole[])).toThrow('need roles');
  });
});
