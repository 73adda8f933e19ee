import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { devices, gateDeviceLeases, visitorDevices } from '../../db/schema/index.ts';
import type { Db } from '../../db/client.ts';
import type { DeviceCommands } from '../../ports/context.ts';
import { deriveKey, loadMasterKey } from '../../crypto/keys.ts';
import { FileUrls } from '../../storage/fileUrls.ts';
import { LocalStorage } from '../../storage/local.ts';
import { startLinkApp, type LinkTestApp } from '../device-link/testkit.ts';
import { eventually, linkOnline } from './gateTestkit.ts';
import { markDevices } from './gate.ts';
import { GateSync } from './gateSync.ts';
import { postPhoto, visitorWorld } from './testkit.ts';
import { visitorApi } from '@siteops/contracts/visitor/api';

/**
 * A dispatcher that dies while it sends to a terminal (kill -9, a lost instance) must not hold the
 * terminal's visitors back for long: the one that starts after it, or the other instance, sends them
 * within 30 s. While the holder lives, however long its terminal takes, nobody else sends to it.
 */
let t: LinkTestApp;
let admin: string;
let w: Awaited<ReturnType<typeof visitorWorld>>;

beforeAll(async () => {
  // The app's own dispatcher runs only when a change kicks it: the dispatchers under test are the ones below.
  t = await startLinkApp({ visitors: { gate: { everyMs: 3_600_000 } } });
  admin = await t.login();
  w = await visitorWorld(t, admin);
});
afterAll(() => t?.close());

/** What a process that stops dead leaves: its database calls and device calls never come back. */
function dyingProcess(db: Db) {
  let dead = false;
  const never = () => new Promise<never>(() => {});
  const deadDb = new Proxy(db, {
    get(target, prop, receiver) {
      if (dead) return never;
      const v = Reflect.get(target, prop, receiver) as unknown;
      return typeof v === 'function' ? (v as (...a: unknown[]) => unknown).bind(target) : v;
    },
  });
  // Mid-send: the terminal is taking its time over the batch (a large photo download, say).
  const commands = { send: never, cut: never } as unknown as DeviceCommands;
  return { db: deadDb, commands, kill: () => (dead = true) };
}

describe('a gate dispatcher that dies holding a terminal', () => {
  it(
    'keeps the terminal while it lives; after it dies the terminal gets its visitors within 30 s',
    { timeout: 90_000 },
    async () => {
      const db = t.database.db;
      // A passed visitor of project A, before the terminal is on the project's visitor device list.
      const photo = (await postPhoto(t, admin)).body.data;
      const visitorId = await w.add({ projectId: w.projectA, avatar: photo.id, realName: 'Han Meimei' });
      const audit = await t.api(visitorApi.auditVisitor, { id: visitorId, status: 'valid' }, admin);
      expect(audit.body.code, audit.body.msg).toBe(200);
      const d = await t.addDevice({ type: 'face' });
      await db.update(devices).set({ projectId: w.projectA }).where(eq(devices.id, d.id));
      const face = (await linkOnline(t, d)).faces!;
      // Authorised as a publish would, without waking the app's dispatcher.
      await db.transaction(async (tx) => {
        await tx.insert(visitorDevices).values({ deviceId: d.id });
        await markDevices(tx, [d.id]);
      });

      const fileUrls = new FileUrls(deriveKey(loadMasterKey(t.config), 'file-url'));
      const storage = new LocalStorage(path.join(t.config.dataDir, 'files'));
      const dying = dyingProcess(db);
      const holder = new GateSync({ db: dying.db, deviceCommands: dying.commands, fileUrls, storage }, t.app.log);
      void holder.runOnce();
      await eventually(
        async () => (await db.select().from(gateDeviceLeases).where(eq(gateDeviceLeases.deviceId, d.id))).length > 0,
        'the holder to lease the terminal',
      );
      // The other dispatcher (another instance, or this one restarted) with its production timings.
      const other = new GateSync({ db, deviceCommands: t.app.deviceLink.deviceCommands, fileUrls, storage }, t.app.log);
      other.start();
      try {
        // Alive for longer than a lease: it keeps the terminal, and the other sends it nothing meanwhile.
        await new Promise((r) => setTimeout(r, 20_000));
        expect(face.get(`V${visitorId}`)).toBeUndefined();
        expect(face.received).toBe(0);

        dying.kill();
        const killedAt = Date.now();
        await eventually(() => face.get(`V${visitorId}`), 'the visitor on the terminal', 30_000);
        expect(Date.now() - killedAt).toBeLessThan(30_000);
        expect(face.received).toBe(1);
      } finally {
        await other.stop();
      }
    },
  );
});
