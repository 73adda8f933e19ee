import js from '@eslint/js';
import globals from 'globals';
import reactHooks from 'eslint-plugin-react-hooks';
import tseslint from 'typescript-eslint';
import { boundaries } from './eslint/boundaries.js';

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
