import { describe, expect, it } from 'vitest';
import { loginHref, targetAfterLogin } from './loginRedirect';

describe('login redirect', () => {
  it('puts the target name first, then its query', () => {
    expect(loginHref('setting', { tab: 'security', q: 'a b' })).toBe('/login?redirect=setting&tab=security&q=a+b');
  });

  it('never redirects to login itself', () => {
    expect(loginHref('login')).toBe('/login');
  });

  it('lands on the named route with the rest of the query', () => {
    expect(targetAfterLogin('?redirect=setting&tab=security')).toBe('/user/setting?tab=security');
    expect(targetAfterLogin('?redirect=device-list')).toBe('/device/device-list');
  });

  it('falls back to the workplace for unknown, missing or unusable targets', () => {
    expect(targetAfterLogin('')).toBe('/dashboard/workplace');
    expect(targetAfterLogin('?redirect=nope')).toBe('/dashboard/workplace');
    expect(targetAfterLogin('?redirect=login')).toBe('/dashboard/workplace');
    expect(targetAfterLogin('?redirect=redirect')).toBe('/dashboard/workplace');
  });

  it('round-trips', () => {
    const href = loginHref('setting', { tab: 'security' });
    expect(targetAfterLogin(href.slice(href.indexOf('?')))).toBe('/user/setting?tab=security');
  });
});
