import { describe, expect, it } from 'vitest';
import { ConfigError, configuredDatabase, loadConfig } from './config.ts';

describe('DATABASE_POOL_MAX', () => {
  it('sizes the PostgreSQL pool the server opens (10 unless set)', () => {
    expect(configuredDatabase(loadConfig({})).poolMax).toBe(10);
    expect(configuredDatabase(loadConfig({ DATABASE_POOL_MAX: '40' })).poolMax).toBe(40);
  });

  it('refuses a pool of no connections, naming the variable', () => {
    expect(() => loadConfig({ DATABASE_POOL_MAX: '0' })).toThrow(ConfigError);
    expect(() => loadConfig({ DATABASE_POOL_MAX: '0' })).toThrow(/DATABASE_POOL_MAX/);
  });
});
