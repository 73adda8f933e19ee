import { afterAll, describe, expect, it } from 'vitest';
import { userApi } from '@siteops/contracts/user/api';
import { createTestApp } from '../../test/harness.ts';
import { createSignedInUser } from '../../test/fixtures.ts';
import { ApiRateLimiter } from './apiRate.ts';
import { ApiError } from '../core/errors.ts';

describe('the per-user API rate (API_RATE_LIMIT / API_RATE_BURST)', async () => {
  const BURST = 20;
  const t = await createTestApp({ API_RATE_LIMIT: '2', API_RATE_BURST: String(BURST) });
  afterAll(() => t.close());
  const admin = await t.login();
  const [, user] = await createSignedInUser(t, admin);

  it('past its burst a user gets 429 with Retry-After, in their language, and nothing else is held up', async () => {
    for (let i = 0; i < BURST; i++) expect((await t.api(userApi.info, {}, user)).status).toBe(200);
    const refused = await t.api(userApi.info, {}, { token: user, headers: { 'accept-language': 'en-US' } });
    expect(refused.status).toBe(429);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThanOrEqual(1);
    expect(refused.body.msg).toBe('Too many requests from your account: try again in 1 s');
    expect((await t.api(userApi.info, {}, { token: user, headers: { 'accept-language': 'zh-CN' } })).body.msg).toBe(
      '您的账号请求过于频繁，请 1 秒后再试',
    );
    // Another user, and signing in, are not held up by it.
    expect((await t.api(userApi.info, {}, admin)).status).toBe(200);
    expect(typeof (await t.login())).toBe('string');
    // Refilled at two a second.
    await new Promise((r) => setTimeout(r, 600));
    expect((await t.api(userApi.info, {}, user)).status).toBe(200);
  });
});

describe('ApiRateLimiter', () => {
  it('forgets users whose bucket is full again, so it holds only the active ones', () => {
    let now = 1_000_000;
    const limiter = new ApiRateLimiter({ perSecond: 10, burst: 20 }, () => now);
    for (let id = 1; id <= 50; id++) limiter.take(id);
    expect(limiter.size).toBe(50);
    now += 61_000;
    limiter.take(99);
    expect(limiter.size).toBe(1);
  });

  it('says when the next call fits', () => {
    const limiter = new ApiRateLimiter({ perSecond: 0.5, burst: 1 });
    limiter.take(1);
    try {
      limiter.take(1);
      expect.unreachable();
    } catch (err) {
      expect((err as ApiError).status).toBe(429);
      expect((err as ApiError).headers?.['retry-after']).toBe('2');
    }
  });
});
