// `npm run dev`: the API with reload on change (port 8080) and the Vite dev server (port 5173, proxies /api).
import { spawn } from 'node:child_process';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const procs = [
  spawn(process.execPath, ['--import', 'tsx', '--watch', 'apps/server/src/main.ts'], {
    cwd: root,
    stdio: 'inherit',
    env: { WEB_DIST: '/nonexistent', ...process.env },
  }),
  spawn('npm', ['run', 'dev', '-w', '@siteops/web'], { cwd: root, stdio: 'inherit' }),
];
const stop = (sig) => procs.forEach((p) => p.kill(sig));
for (const sig of ['SIGINT', 'SIGTERM']) process.on(sig, () => stop(sig));
procs.forEach((p) => p.on('exit', (code) => (stop('SIGTERM'), process.exit(code ?? 0))));
