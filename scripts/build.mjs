// `npm run build`: what production runs, compiled.
//  - The server: apps/server/src/main.ts and the workspace packages it imports (TypeScript sources) bundled
//    by esbuild into apps/server/dist (ES modules, one file per lazily imported part, all in one folder so
//    `import.meta.url` names that folder), plus the migrations beside them. Packages from node_modules stay
//    imports, loaded by node as they are; nothing transforms TypeScript at run time.
//  - The console: Vite into apps/web/dist.
// `--if-stale` builds only the parts whose sources changed since their last build (what `npm start` asks);
// `--quiet` prints one progress line instead of the bundlers' reports (warnings and errors still show).
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';

const root = path.resolve(import.meta.dirname, '..');
export const SERVER_DIST = path.join(root, 'apps/server/dist');
export const SERVER_MAIN = path.join(SERVER_DIST, 'main.js');
const WEB_INDEX = path.join(root, 'apps/web/dist/index.html');

/** Each part: its output (whose time is the build's) and the sources that make it. */
const PARTS = {
  server: {
    output: SERVER_MAIN,
    sources: ['apps/server/src', 'packages/contracts/src', 'packages/device-sim/src', 'scripts/build.mjs'],
  },
  console: {
    output: WEB_INDEX,
    sources: [
      'apps/web/src',
      'apps/web/index.html',
      'apps/web/vite.config.ts',
      'apps/web/build',
      'packages/contracts/src',
      'patches',
    ],
  },
};

function newestMtime(p) {
  const full = path.join(root, p);
  if (!fs.existsSync(full)) return 0;
  const st = fs.statSync(full);
  if (!st.isDirectory()) return st.mtimeMs;
  return Math.max(0, ...fs.readdirSync(full).map((e) => newestMtime(path.join(p, e))));
}

/** The parts whose output is missing or older than one of their sources. */
export function staleParts() {
  return Object.entries(PARTS)
    .filter(([, { output, sources }]) => {
      const builtAt = fs.existsSync(output) ? fs.statSync(output).mtimeMs : 0;
      return builtAt < Math.max(...sources.map(newestMtime));
    })
    .map(([name]) => name);
}

/** Bare imports (node_modules) stay imports; the workspace's own packages (TypeScript sources) are bundled. */
const nodeModulesExternal = {
  name: 'node-modules-external',
  setup(b) {
    b.onResolve({ filter: /^[^./]/ }, (args) =>
      args.path.startsWith('@siteops/') ? undefined : { path: args.path, external: true },
    );
  },
};

async function buildServer() {
  const esbuild = await import('esbuild');
  fs.rmSync(SERVER_DIST, { recursive: true, force: true });
  await esbuild.build({
    absWorkingDir: root,
    entryPoints: { main: 'apps/server/src/main.ts' },
    outdir: SERVER_DIST,
    bundle: true,
    splitting: true,
    format: 'esm',
    platform: 'node',
    target: 'node20.19',
    chunkNames: '[name]-[hash]',
    // Stack traces name the TypeScript sources under `node --enable-source-maps`.
    sourcemap: true,
    legalComments: 'none',
    logLevel: 'warning',
    plugins: [nodeModulesExternal],
  });
  await esbuild.stop();
  fs.cpSync(path.join(root, 'apps/server/src/db/migrations'), path.join(SERVER_DIST, 'migrations'), {
    recursive: true,
  });
}

async function buildConsole(quiet) {
  if (!quiet) {
    const r = spawnSync('npm', ['run', 'build', '-w', '@siteops/web'], { cwd: root, stdio: 'inherit' });
    if (r.status !== 0) throw new Error('the console did not build');
    return;
  }
  const vite = await import('vite');
  await vite.build({
    root: path.join(root, 'apps/web'),
    configFile: path.join(root, 'apps/web/vite.config.ts'),
    logLevel: 'warn',
    build: { reportCompressedSize: false },
  });
}

export async function build({ ifStale = false, quiet = false } = {}) {
  const parts = ifStale ? staleParts() : Object.keys(PARTS);
  if (!parts.length) return;
  const started = Date.now();
  if (quiet) console.log(`Building the ${parts.join(' and the ')} (once per source change; 10 s to a minute)…`);
  if (parts.includes('server')) await buildServer();
  if (parts.includes('console')) await buildConsole(quiet);
  if (!quiet) console.log(`Built the ${parts.join(' and the ')} in ${((Date.now() - started) / 1000).toFixed(1)} s`);
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const flags = new Set(process.argv.slice(2));
  build({ ifStale: flags.has('--if-stale'), quiet: flags.has('--quiet') }).catch((err) => {
    console.error(err instanceof Error ? err.message : err);
    process.exit(1);
  });
}
