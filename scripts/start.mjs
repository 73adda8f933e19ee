// `npm start`: build what changed since the last build (scripts/build.mjs: the server compiled to
// apps/server/dist, the console to apps/web/dist) in a child process that exits, then run the compiled
// server with plain node as THIS process: on Node >= 22.15 it replaces itself with it (process.execve),
// on older Node it imports it here. Either way no wrapper, bundler or TypeScript service stays behind
// (npm itself is the only other process; `node apps/server/dist/main.js` runs without it).
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { SERVER_MAIN, staleParts } from './build.mjs';

const root = path.resolve(import.meta.dirname, '..');
// The server reads `.env` and resolves DATA_DIR=./data from the checkout, wherever this was started from.
process.chdir(root);

if (staleParts().length) {
  const r = spawnSync(process.execPath, ['scripts/build.mjs', '--if-stale', '--quiet'], { stdio: 'inherit' });
  if (r.status !== 0) process.exit(r.status ?? 1);
}

const args = process.argv.slice(2);
if (typeof process.execve === 'function') {
  process.execve(process.execPath, [process.execPath, ...process.execArgv, SERVER_MAIN, ...args], process.env);
} else {
  process.argv = [process.execPath, SERVER_MAIN, ...args];
  await import(pathToFileURL(SERVER_MAIN).href);
}
