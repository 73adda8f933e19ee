import { configDefaults, defineProject } from 'vitest/config';

/**
 * A test file that mocks one of the server's modules (vi.mock) needs a module graph of its own, so it
 * runs in the `server-isolated` project (vitest.isolated.config.ts); keep this list and that one equal.
 */
export const MOCKING_FILES = ['src/modules/device/import.limits.test.ts'];

export default defineProject({
  test: {
    name: 'server',
    include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
    exclude: [...configDefaults.exclude, ...MOCKING_FILES],
    globalSetup: ['test/global-setup.ts'],
    testTimeout: 30_000,
    hookTimeout: 60_000,
    // The files share one module graph per worker: each file evaluated the whole server (~500 modules)
    // again, 42% of this project's time (647 of 1,554 s in a CI rehearsal; 128 s without). Every test
    // builds its own app and database, so nothing of one file's state reaches the next but module-level
    // constants.
    isolate: false,
  },
});
