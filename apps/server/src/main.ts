import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { ConfigError, configuredDatabase, loadConfig, loadDotEnv, type Config } from './config.ts';
import { openDatabase } from './db/client.ts';
import { DataDirLockedError } from './db/lock.ts';
import { describe, type PgState } from './db/postgres.ts';
import { UnreachableError } from './core/unreachable.ts';
import { checkRedis } from './bus/redis.ts';
import { buildApp } from './app.ts';
import { seedFirstRun } from './seed.ts';
import { loggerOptions } from './http/logOutput.ts';

/** A service named by a setting cannot be reached at start: one line, no stack, a non-zero exit. */
function unreachable(variable: string, reason: string): never {
  console.error(`${variable}: cannot connect (${reason})`);
  process.exit(4);
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

  // Both dependencies are checked before the (possibly slow) database start, so a bad URL fails fast.
  if (config.redisUrl) {
    await checkRedis(config.redisUrl).catch((err) => {
      if (err instanceof UnreachableError) unreachable(err.variable, err.reason);
      throw err;
    });
  }
  // The pool's watchdog reports outages to the app's log once there is one.
  let onDbState: (s: PgState) => void = () => {};
  let database;
  try {
    database = await openDatabase({ ...configuredDatabase(config), onState: (s) => onDbState(s) });
  } catch (err) {
    if (err instanceof DataDirLockedError) {
      console.error(err.message);
      process.exit(3);
    }
    throw err;
  }
  try {
    await database.ping();
  } catch (err) {
    unreachable('DATABASE_URL', describe(err));
  }
  await database.migrate();
  let app;
  try {
    app = await buildApp({
      config,
      db: database.db,
      logger: loggerOptions(config.logLevel),
      databaseKind: database.kind,
    });
  } catch (err) {
    if (err instanceof UnreachableError) unreachable(err.variable, err.reason);
    throw err;
  }
  const log = app.log;
  onDbState = (s) =>
    s.up
      ? log.info('database is back: serving again')
      : log.warn({ reason: s.reason }, 'database unavailable: API answers 503 until it returns');
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
