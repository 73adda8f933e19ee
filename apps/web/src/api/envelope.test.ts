import { describe, expect, it } from 'vitest';
import { userApi } from '@siteops/contracts/user/api';
import { ApiError, envelopeOutcome, INFO_URL, isEnvelope } from './envelope';

describe('envelope rules (spec 8)', () => {
  it('code 200 passes', () => {
    expect(envelopeOutcome(200, userApi.menu.path)).toBe('ok');
  });

  it('other codes are errors', () => {
    expect(envelopeOutcome(40000, userApi.login.path)).toBe('error');
    expect(envelopeOutcome(40100, userApi.login.path)).toBe('error');
    expect(envelopeOutcome(42900, userApi.login.path)).toBe('error');
  });

  it('logout codes offer to log in again, except on the info call', () => {
    for (const code of [50008, 50012, 50014]) {
      expect(envelopeOutcome(code, userApi.menu.path)).toBe('error+relogin');
      expect(envelopeOutcome(code, INFO_URL)).toBe('error');
    }
  });

  it('recognises envelopes', () => {
    expect(isEnvelope({ code: 200, msg: 'ok', data: null })).toBe(true);
    expect(isEnvelope('<html>')).toBe(false);
    expect(isEnvelope(null)).toBe(false);
  });

  it('keeps per-field reasons of a validation failure', () => {
    const error = new ApiError('bad', 40000, 400, { fields: { newPassword: 'too weak' } });
    expect(error.fields).toEqual({ newPassword: 'too weak' });
    expect(new ApiError('x', 40100, 401, null).fields).toEqual({});
  });
});
