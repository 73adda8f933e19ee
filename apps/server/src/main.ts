import path from 'node:path';
import { fileURLToPath } from 'node:url';
import fs from 'node:fs';
import { ConfigError, loadConfig, type Config } from './config.ts';
import { openDatabase } from './db/client.ts';
import { DataDirLockedError } from './db/lock.ts';
import { buildApp } from './app.ts';
import { seedFirstRun } from './seed.ts';

function loadDotEnv() {
  const file = path.resolve('.env');
  if (fs.existsSync(file)) process.loadEnvFile(file);
}

function defaultWebDist() {
  return path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../web/dist');
}

async function main() {
  loadDotEnv();
  let config: Config;
  try {
    config = loadConfig();
  } catch (err) {
    if (err instanceof ConfigError) {
      console.error(err.message);
      process.exit(2);
    }
    throw err;
  }
  config.webDist ??= defaultWebDist();

  let database;
  try {
    database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
  } catch (err) {
    if (err instanceof DataDirLockedError) {
      console.error(err.message);
      process.exit(3);
    }
    throw err;
  }
  await database.migrate();
  const app = await buildApp({ config, db: database.db });
  await seedFirstRun(database.db, config.adminPassword, app.log);

  const checkpoints = setInterval(() => {
    database.checkpoint().catch((err) => app.log.warn({ err }, 'checkpoint failed'));
  }, config.checkpointMs);
  checkpoints.unref();

  let stopping = false;
  let demo: { stop(): Promise<void> } | null = null;
  const stop = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    app.log.info({ signal }, 'shutting down');
    clearInterval(checkpoints);
    const force = setTimeout(() => process.exit(1), 10_000);
    force.unref();
    try {
      await demo?.stop();
      await app.close();
      await database.checkpoint();
      await database.close();
      process.exit(0);
    } catch (err) {
      app.log.error({ err }, 'shutdown failed');
      process.exit(1);
    }
  };
  process.on('SIGINT', () => void stop('SIGINT'));
  process.on('SIGTERM', () => void stop('SIGTERM'));

  await app.listen({ port: config.port, host: config.host });
  app.log.info(
    `SiteOps is up on http://localhost:${config.port} (${database.kind === 'pglite' ? `embedded database in ${config.dataDir}` : 'PostgreSQL'})`,
  );

  // Demo data and a simulated fleet (DEMO, on by default for the quick start). Loaded only when on:
  // the simulator is a development package.
  if (config.demo && !stopping) {
    const { runDemo } = await import('./demo/index.ts');
    const address = app.server.address();
    const port = typeof address === 'object' && address ? address.port : config.port;
    demo = await runDemo(app, database.db, config, port);
    if (stopping) await demo?.stop();
  }
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
