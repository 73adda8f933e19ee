#!/usr/bin/env node
// Runs the TypeScript CLI through tsx, like the server does (docs/decisions/0001).
import { register } from 'tsx/esm/api';

register();
await import('../src/cli.ts');
