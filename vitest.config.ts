import os from 'node:os';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    // Every core runs test files. Vitest's default keeps one core for itself (one worker on a 2-core
    // machine), but its own work is light: with both cores the PGlite pass took 349 s instead of 681 s and
    // the PostgreSQL pass 200 s instead of 350 s on this machine, with the same results. Each file has a
    // database of its own (a clone of the migrated template), so files in parallel share nothing.
    maxWorkers: os.availableParallelism(),
    projects: [
      'apps/*/vitest.config.ts',
      'apps/server/vitest.isolated.config.ts',
      'packages/device-sim/vitest.config.ts',
      { test: { name: 'contracts', include: ['packages/contracts/src/**/*.test.ts'] } },
      { test: { name: 'lint rules', include: ['eslint/**/*.test.ts'] } },
    ],
  },
});
