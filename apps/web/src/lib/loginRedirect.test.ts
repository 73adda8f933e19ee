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

  // Missing, unknown, login itself, and the parameter's own name.
  it.each(['', '?redirect=nope', '?redirect=login', '?redirect=redirect'])(
    'falls back to the workplace for an unknown, missing or unusable target: %j',
    (search) => {
      expect(targetAfterLogin(search)).toBe('/dashboard/workplace');
    },
  );

  it('round-trips', () => {
    const href = loginHref('setting', { tab: 'security' });
    expect(targetAfterLogin(href.slice(href.indexOf('?')))).toBe('/user/setting?tab=security');
  });
});
