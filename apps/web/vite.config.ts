import fs from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import zlib from 'node:zlib';
import { defineConfig, type Plugin } from 'vite';
import react from '@vitejs/plugin-react';
import { endpointRefs } from './build/endpointRefs.ts';

/** Where `npm run dev` forwards /api (HTTP and WebSocket); the server's default port. */
const apiTarget = process.env.SITEOPS_API_TARGET ?? 'http://localhost:8080';

const brotli = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);

/**
 * Writes `.br` and `.gz` beside every text asset of the build, at maximum compression, so the server
 * sends them as they are (@fastify/static `preCompressed`) instead of compressing on every request.
 * A variant that would not be smaller is skipped; the server then falls back to the next encoding.
 */
function precompress(): Plugin {
  let outDir = '';
  return {
    name: 'siteops-precompress',
    apply: 'build',
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
    },
    async closeBundle() {
      const entries = await fs.readdir(outDir, { recursive: true, withFileTypes: true });
      const files = entries
        .filter((e) => e.isFile() && /\.(js|css|html|svg|json)$/.test(e.name))
        .map((e) => path.join(e.parentPath, e.name))
        .filter((file) => !path.relative(outDir, file).startsWith('.')); // .vite/manifest.json is not served
      await Promise.all(
        files.map(async (file) => {
          const source = await fs.readFile(file);
          const variants: [string, Buffer][] = [
            ['.br', await brotli(source, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 11 } })],
            ['.gz', await gzip(source, { level: 9 })],
          ];
          for (const [ext, data] of variants) {
            if (data.length < source.length) await fs.writeFile(file + ext, data);
          }
        }),
      );
    },
  };
}

export default defineConfig({
  plugins: [react(), precompress(), endpointRefs(path.resolve(import.meta.dirname, '../../packages/contracts'))],
  // `@/x` is src/x wherever the importing file is (tsconfig.json's paths say the same to TypeScript).
  resolve: { alias: { '@': path.resolve(import.meta.dirname, 'src') } },
  server: {
    proxy: {
      '/api': { target: apiTarget, changeOrigin: true, ws: true },
    },
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    // scripts/budget.mjs follows it to measure what each route loads.
    manifest: true,
    // antd alone is larger than the default 500 kB warning; the login route stays small thanks to lazy routes.
    chunkSizeWarningLimit: 1200,
    rolldownOptions: {
      // Rolldown's report of slow plugins (the pre-compression, on a busy machine) is not a warning about
      // the build: it would be the only lines a first `npm start` prints between its progress and the server.
      checks: { bundlerTimings: false },
      treeshake: {
        // antd declares its modules free of side effects; the rc-component packages it is built on do not,
        // so whatever they import stayed in (antd's Input brought rc-field-form and its validator to the
        // login page). They have none at import time.
        moduleSideEffects: [{ test: /node_modules[\\/](@rc-component|@ant-design|antd)[\\/]/, sideEffects: false }],
      },
      output: {
        codeSplitting: {
          // The libraries the entry needs (React, router, i18next, antd's core…) in one chunk: it changes
          // only when a dependency does, so it stays cached across releases, and one file compresses
          // better than the dozen small ones automatic splitting makes of it.
          groups: [{ name: 'vendor', test: /[\\/]node_modules[\\/]/, tags: ['$initial'] }],
        },
      },
    },
  },
});
