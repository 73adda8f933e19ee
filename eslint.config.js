import js from '@eslint/js';
import globals from 'globals';
import reactHooks from 'eslint-plugin-react-hooks';
import tseslint from 'typescript-eslint';
import { boundaries } from './eslint/boundaries.js';

/** Issue 29: tests name the endpoint they call, so a renamed route breaks the compile rather than a test. */
const RAW_API_PATH =
  "A raw '/api/…' path in a test: call the declared endpoint (t.api(<module>Api.<op>, input, as) on the server, " +
  'api(request, <module>Api.<op>, input, token) in e2e; injectOf/urlOf/<op>.path where the request is built by hand). ' +
  "A deliberate undeclared or malformed address: undeclaredUrl('…') on the server (apps/server/test/apiUrls.ts), " +
  'elsewhere an eslint-disable comment with its reason.';

export default tseslint.config(
  {
    ignores: [
      '**/dist/**',
      '**/node_modules/**',
      '**/migrations/**',
      'data/**',
      '.tmp/**',
      'test-results/**',
      'playwright-report/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
    },
  },
  {
    files: ['apps/server/src/**/*.ts'],
    plugins: { boundaries },
    rules: { 'boundaries/modules': 'error', 'boundaries/server-layers': 'error' },
  },
  {
    // Issue 29: tests call the server through its declared endpoints (t.api(<module>Api.<op>, …) on the server,
    // api(<module>Api.<op>, …) in e2e), so a renamed route breaks the compile. A raw '/api/…' string is refused;
    // the server's tests build a deliberate undeclared or malformed one with undeclaredUrl (test/apiUrls.ts).
    files: [
      'apps/server/src/**/*.test.ts',
      'apps/server/src/**/*testkit.ts',
      'apps/server/src/**/*Testkit.ts',
      'apps/server/test/**/*.ts',
      'apps/web/e2e/**/*.ts',
    ],
    rules: {
      'no-restricted-syntax': [
        'error',
        {
          selector: 'Literal[value=/^\\/api\\//]',
          message: RAW_API_PATH,
        },
        {
          selector: 'TemplateElement[value.raw=/^\\/api\\//]',
          message: RAW_API_PATH,
        },
      ],
    },
  },
  {
    files: ['apps/web/src/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks, boundaries },
    rules: {
      ...reactHooks.configs.recommended.rules,
      'boundaries/layers': 'error',
      'no-restricted-imports': [
        'error',
        {
          paths: [{ name: 'axios', message: 'The console calls the server through api/endpoint.ts (XMLHttpRequest).' }],
          patterns: [
            {
              regex: '^\\.\\./',
              message: "Outside this file's folder, import through the src alias: '@/lib/time', not '../../lib/time'.",
            },
          ],
        },
      ],
      'no-restricted-properties': [
        'error',
        {
          object: 'App',
          property: 'useApp',
          message: 'There is no antd <App> at the root: use message()/modal()/notification() from lib/feedback.',
        },
      ],
    },
  },
);
