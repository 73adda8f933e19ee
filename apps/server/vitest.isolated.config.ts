import { defineProject } from 'vitest/config';
import { MOCKING_FILES } from './vitest.config.ts';

/** The server's test files that mock a module (vi.mock): each in a module graph of its own. */
export default defineProject({
  test: {
    name: 'server-isolated',
    include: MOCKING_FILES,
    globalSetup: ['test/global-setup.ts'],
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});
