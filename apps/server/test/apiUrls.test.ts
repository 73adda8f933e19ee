import { describe, expect, it } from 'vitest';
import { ALL_ENDPOINTS } from '@siteops/contracts/endpoints';
import { API_PREFIX } from '@siteops/contracts/shared/endpoint';
import { HEALTH_URL, OPENAPI_URL, undeclaredUrl } from './apiUrls.ts';

/** Whether a declared endpoint's path (`:name` segments match any one segment) names this address. */
const declares = (url: string) =>
  ALL_ENDPOINTS.some((e) => new RegExp(`^${e.path.replace(/:[^/]+/g, '[^/]+')}$`).test(url.split('?')[0]!));

/*
 * The typed client's own test: the only test file that writes '/api/…' out, to say what the builder builds.
 */
/* eslint-disable no-restricted-syntax -- the builder's own test: the addresses it must build, written out */
describe('undeclaredUrl: an address under the API prefix that no endpoint declares, built on purpose', () => {
  it('puts the rest under the API prefix as written, nothing encoded or normalised', () => {
    expect(undeclaredUrl('nothing/here')).toBe('/api/nothing/here');
    expect(undeclaredUrl('file/../../etc/passwd')).toBe('/api/file/../../etc/passwd');
    expect(undeclaredUrl('%E0%A4%A')).toBe('/api/%E0%A4%A');
    expect(undeclaredUrl('user/detail?id=%E0%A4%A')).toBe('/api/user/detail?id=%E0%A4%A');
  });

  it('the health check and the OpenAPI document are built the same way', () => {
    expect(HEALTH_URL).toBe('/api/health');
    expect(OPENAPI_URL).toBe('/api/docs/json');
  });

  it('uses the prefix every declared endpoint starts with', () => {
    expect(API_PREFIX).toBe('/api');
    expect(ALL_ENDPOINTS.length).toBeGreaterThan(100);
    expect(ALL_ENDPOINTS.filter((e) => !e.path.startsWith(`${API_PREFIX}/`)).map((e) => e.path)).toEqual([]);
  });

  it('the undeclared addresses the tests use name no declared endpoint', () => {
    for (const rest of ['nothing', 'nothing/here', 'no-such-thing', 'nowhere', 'health', 'docs/json'])
      expect(declares(undeclaredUrl(rest)), rest).toBe(false);
    // The matcher does find declared ones.
    expect(declares('/api/user/detail?id=1')).toBe(true);
    expect(declares('/api/device/7/latest')).toBe(true);
  });
});
