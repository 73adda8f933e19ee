import { spawn } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { ConfigError, configuredDatabase, loadConfig, loadDotEnv, type Config } from './config.ts';
import { openDatabase } from './db/client.ts';
import { DataDirLockedError } from './db/lock.ts';
import { describe, type PgState } from './db/postgres.ts';
import { UnreachableError } from './core/unreachable.ts';
// The app (and what only it needs) is imported in main(): the child that creates a new embedded
// database (`initialiseInChild`) runs this file and loads no more than the database's code.

/** A service named by a setting cannot be reached at start: one line, no stack, a non-zero exit. */
function unreachable(variable: string, reason: string): never {
  console.error(`${variable}: cannot connect (${reason})`);
  process.exit(4);
}

/** The child process of `initialiseInChild` is this file run with this flag and the data directory. */
const INITIALISE = '--initialise-embedded-database';

/**
 * A new embedded database is created (initdb) and migrated by a short-lived child process, which exits:
 * the memory that takes in PGlite's WebAssembly (about 100 MB, never given back) goes with it, and the
 * server opens the ready database. The child runs under the server's lock on the data directory.
 */
function initialiseInChild(dataDir: string): Promise<void> {
  // As this process runs (tsx in development, compiled in production), minus a watcher or an inspector.
  const execArgv = process.execArgv.filter((a) => !/^--(watch|inspect)/.test(a));
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [...execArgv, fileURLToPath(import.meta.url), INITIALISE, dataDir], {
      stdio: ['ignore', 'inherit', 'inherit'],
    });
    child.on('error', reject);
    child.on('exit', (code, signal) =>
      code === 0
        ? resolve()
        : reject(new Error(`creating the embedded database in ${dataDir} failed (${signal ?? `exit code ${code}`})`)),
    );
  });
}

async function initialiseHere(dataDir: string) {
  const database = await openDatabase({ dataDir, noLock: true });
  await database.migrate();
  await database.checkpoint();
  await database.close();
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

  const [{ buildApp }, { seedFirstRun }, { loggerOptions }] = await Promise.all([
    import('./app.ts'),
    import('./seed.ts'),
    import('./http/logOutput.ts'),
  ]);
  // Both dependencies are checked before the (possibly slow) database start, so a bad URL fails fast.
  if (config.redisUrl) {
    const { checkRedis } = await import('./bus/redis.ts');
    await checkRedis(config.redisUrl).catch((err) => {
      if (err instanceof UnreachableError) unreachable(err.variable, err.reason);
      throw err;
    });
  }
  // The pool's watchdog reports outages to the app's log once there is one.
  let onDbState: (s: PgState) => void = () => {};
  let database;
  try {
    database = await openDatabase({
      ...configuredDatabase(config),
      onState: (s) => onDbState(s),
      initialise: initialiseInChild,
    });
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
      poolStats: database.poolStats,
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
    demo = await runDemo(app, database.db, config, port, app.log, () => stopping);
    if (stopping) await demo?.stop();
  }
}

const initialising = process.argv[1] === fileURLToPath(import.meta.url) && process.argv[2] === INITIALISE;
(initialising ? initialiseHere(process.argv[3]) : main()).then(
  () => initialising && process.exit(0),
  (err) => {
    console.error(err);
    process.exit(1);
  },
);
