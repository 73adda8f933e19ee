import { describe, expect, it } from 'vitest';
import { expiryProblem, latestPlatformExpiry } from './grantRules';

const platforms = [
  { id: 1, expirationDate: '2027-03-01' },
  { id: 2, expirationDate: '2028-01-15' },
  { id: 3, expirationDate: '2026-12-31' },
];

describe('licence expiry rules', () => {
  it('takes the latest expiry among the chosen platforms only', () => {
    expect(latestPlatformExpiry([1, 3], platforms)).toBe('2027-03-01');
    expect(latestPlatformExpiry([3, 2], platforms)).toBe('2028-01-15');
    expect(latestPlatformExpiry([], platforms)).toBeUndefined();
  });

  it('refuses a past day and a day after the latest platform expiry, accepts the bounds', () => {
    expect(expiryProblem('2026-11-22', '2026-11-23', undefined)).toBe('past');
    expect(expiryProblem('2026-11-23', '2026-11-23', undefined)).toBeNull();
    expect(expiryProblem('2027-03-01', '2026-11-23', '2027-03-01')).toBeNull();
    expect(expiryProblem('2027-03-02', '2026-11-23', '2027-03-01')).toBe('beyondPlatform');
    expect(expiryProblem('2099-01-01', '2026-11-23', undefined)).toBeNull();
  });
});
