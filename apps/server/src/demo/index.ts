import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import type { Config } from '../config.ts';
import type { Db } from '../db/client.ts';
import { startDemoFleet } from './fleet.ts';
import { DEMO_PASSWORD } from './plan.ts';
import { closedUnderIt, seedDemo } from './seed.ts';

export interface RunningDemo {
  stop(): Promise<void>;
}

/**
 * DEMO on: seed the demo organisation and devices (once; restarts find them) and run their simulated
 * fleet against this server. A demo that cannot be set up is logged and skipped: it never stops the
 * server itself.
 */
export async function runDemo(
  app: FastifyInstance,
  db: Db,
  config: Config,
  port: number,
  log: FastifyBaseLogger = app.log,
  /** True once the server is shutting down: what fails then is the shutdown, not the demo. */
  stopping: () => boolean = () => false,
): Promise<RunningDemo | null> {
  const demoLog = log.child({ module: 'demo' });
  try {
    const seed = await seedDemo(app, db, config, demoLog);
    const fleet = await startDemoFleet(seed.devices, port, demoLog, {
      mqttPort: app.deviceLink.mqtt?.port,
      hj212Port: app.deviceLink.hj212?.port,
    });
    const accounts = seed.accounts.map((a) => `${a.userName} (${a.role})`).join(', ');
    demoLog.info(
      { created: seed.created },
      `Demo: ${seed.devices.length} simulated devices dialling in; demo accounts ${accounts || '(none)'}, password ${DEMO_PASSWORD} (DEMO=0 turns the demo off)`,
    );
    return { stop: () => fleet.stop() };
  } catch (err) {
    if (stopping() || closedUnderIt(err)) demoLog.info('Demo set-up stopped: the server is shutting down');
    else demoLog.warn({ err }, 'Demo data could not be set up; the server runs without it');
    return null;
  }
}
