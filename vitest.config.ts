import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    projects: [
      'apps/*/vitest.config.ts',
      'apps/server/vitest.isolated.config.ts',
      'packages/device-sim/vitest.config.ts',
      { test: { name: 'contracts', include: ['packages/contracts/src/**/*.test.ts'] } },
      { test: { name: 'lint rules', include: ['eslint/**/*.test.ts'] } },
    ],
  },
});
