import path from 'node:path';
import { defineProject } from 'vitest/config';

/** Unit tests of the console: pure logic only, so the node environment is enough. E2E specs live in e2e/. */
export default defineProject({
  resolve: { alias: { '@': path.resolve(import.meta.dirname, 'src') } },
  test: {
    name: 'web',
    environment: 'node',
    include: ['src/**/*.test.{ts,tsx}'],
  },
});
