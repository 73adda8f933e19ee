import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { and, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { auditLog } from '../../db/schema/index.ts';
import type { SimDevice } from '@siteops/device-sim/device';
import type { LinkTestApp } from '../device-link/testkit.ts';
import { startTwoInstances, twoInstancesForSuite, twoInstancesSkipped } from '../device-link/twoInstances.ts';
import { insertRollout } from './rollouts.ts';
import { FAST_ROLLOUTS, eventually, fleet, jobsOf, rolloutRow, uploadPackage } from './rolloutTestkit.ts';
import { rolloutApi } from '@siteops/contracts/rollout/api';
import { notificationApi } from '@siteops/contracts/notification/api';

const skip = twoInstancesSkipped('rollouts, two instances on PostgreSQL + Redis');

/**
 * A deployment behind a load balancer (startTwoInstances, one package store): a rollout is database
 * state, so both instances' engines work on it. What must hold: every device upgrades whichever
 * instance holds its link, no device gets its command twice, a pause through either stops both, and
 * an instance going away mid-rollout leaves the other to finish it.
 */
type Fleet = Awaited<ReturnType<typeof fleet>>;

/** How many `upgrade` commands each simulator took. */
function countUpgrades(sims: SimDevice[]) {
  const counts = new Map<SimDevice, number>(sims.map((s) => [s, 0]));
  for (const s of sims)
    s.on('rpc', (r: { method: string }) => r.method === 'upgrade' && counts.set(s, counts.get(s)! + 1));
  return counts;
}

async function twoWithStore() {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'siteops-rollout-two-'));
  const both = await startTwoInstances({ rollouts: FAST_ROLLOUTS, env: { DATA_DIR: dataDir } });
  // A test may close one instance early; closing it again at the end must be a no-op.
  for (const x of [both.a, both.b]) {
    const close = x.close;
    let closing: Promise<void> | undefined;
    x.close = () => (closing ??= close());
  }
  return {
    ...both,
    async close() {
      for (const x of [both.a, both.b]) setTimeout(() => x.app.server.closeAllConnections(), 1_000).unref();
      await both.close();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

const add = async (t: LinkTestApp, token: string, packageId: number, ds: Fleet, o: object = {}) => {
  const res = await t.api(
    rolloutApi.add,
    {
      packageId,
      targets: { ids: ds.map((d) => d.id) },
      groupMode: 'count',
      groupSize: 100,
      successThreshold: 100,
      errorThreshold: 100,
      maxRetries: 0,
      stepTimeoutS: 10,
      maxConcurrent: 10,
      ...o,
    },
    token,
  );
  expect(res.body.code, res.body.msg).toBe(200);
  return res.body.data.id as number;
};

const finished = (t: LinkTestApp, id: number, timeoutMs = 20_000) =>
  eventually(async () => (await rolloutRow(t, id)).status === 'finished', timeoutMs, `rollout ${id} finished`);

describe.skipIf(skip)('rollouts across two instances (PostgreSQL + Redis)', () => {
  const two = twoInstancesForSuite(twoWithStore);
  let adminA: string;
  let adminB: string;
  beforeAll(async () => {
    [adminA, adminB] = [await two.a.login(), await two.b.login()];
  });

  it('a rollout started through A upgrades the devices linked to A and to B, each sent its command once', async () => {
    const { a, b } = two;
    const pkg = await uploadPackage(a, adminA, { version: '2.0.0' });
    const ds = [...(await fleet(a, 3)), ...(await fleet(b, 3))];
    const sims = ds.map((d) => d.sim!);
    const sent = countUpgrades(sims);
    const id = await add(a, adminA, pkg.id, ds);
    await finished(a, id);
    const jobs = await jobsOf(a, id);
    expect(jobs.map((j) => [j.state, j.attempts, j.fromVersion])).toEqual(ds.map(() => ['success', 1, '1.0.0']));
    expect([...sent.values()]).toEqual(ds.map(() => 1));
    expect(sims.map((s) => s.versions.version)).toEqual(ds.map(() => '2.0.0'));
    expect((await rolloutRow(b, id)).status).toBe('finished');
  });

  it('a pause through B stops A from starting its devices; a resume through B lets both go on', async () => {
    const { a, b } = two;
    const pkg = await uploadPackage(a, adminA, { version: '3.0.0' });
    const ds = await fleet(a, 5, { sim: { rebootMs: 400 } });
    const sent = countUpgrades(ds.map((d) => d.sim!));
    const id = await add(a, adminA, pkg.id, ds, { maxConcurrent: 1 });
    const paused = await b.api(rolloutApi.pause, { id }, adminB);
    expect(paused.body.code, paused.body.msg).toBe(200);
    // The job under way when the pause came finishes; none is started after it.
    const started = () => jobsOf(a, id).then((js) => js.filter((j) => j.attempts > 0).length);
    await eventually(
      async () => (await jobsOf(a, id)).every((j) => ['queued', 'success'].includes(j.state)),
      10_000,
      'settled',
    );
    const atPause = await started();
    expect(atPause).toBeLessThan(ds.length);
    await new Promise((r) => setTimeout(r, 20 * FAST_ROLLOUTS.tickMs));
    expect(await started()).toBe(atPause);
    expect([...sent.values()].reduce((x, y) => x + y, 0)).toBe(atPause);

    const resumed = await b.api(rolloutApi.resume, { id }, adminB);
    expect(resumed.body.code, resumed.body.msg).toBe(200);
    await finished(b, id);
    expect([...sent.values()]).toEqual(ds.map(() => 1));
  });

  it('pausing itself, it is paused, audited and told to the admins once, though both instances decide', async () => {
    const { a, b } = two;
    const pkg = await uploadPackage(a, adminA, { version: '3.5.0' });
    const ds = [...(await fleet(a, 1, { sim: { upgradeFault: 'refuseInstall' } })), ...(await fleet(b, 2))];
    const id = await add(a, adminA, pkg.id, ds, { groupMode: 'count', groupSize: 2, errorThreshold: 0 });
    await eventually(async () => (await rolloutRow(a, id)).status === 'paused', 10_000, 'paused');
    // Both engines go on ticking for a while: neither pauses it again.
    await new Promise((r) => setTimeout(r, 20 * FAST_ROLLOUTS.tickMs));
    const audited = await a.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'rollout.autoPause'), eq(auditLog.targetId, String(id))));
    expect(audited).toHaveLength(1);
    const todos = await b.api(notificationApi.listAll, { tab: 'todo' }, adminB);
    const link = `/device/device-rollout?id=${id}`;
    expect((todos.body.data.list as { link: string }[]).filter((n) => n.link === link)).toHaveLength(1);
  });
});

describe.skipIf(skip)('a rollout outlives the instance it was started on', () => {
  const two = twoInstancesForSuite(twoWithStore);

  /**
   * A closes with jobs under way. Its engine stops (an attempt it was sending stays `notified`); its
   * devices lose their link and, through the load balancer, link to B. B's engine fails the attempts
   * that stopped moving at the step timeout and retries them; the devices B always held go on as if
   * nothing happened.
   */
  it('B finishes it, the devices A held included, after A closes mid-rollout', async () => {
    const { a, b } = two;
    const adminA = await a.login();
    const pkg = await uploadPackage(a, adminA, { version: '4.0.0' });
    // A's devices stay in the middle of their download (as if it were a long one) until A goes away.
    const onA = await fleet(a, 3, { sim: { upgradeFault: 'hang' } });
    const onB = await fleet(b, 3, { sim: { rebootMs: 600 } });
    const sent = countUpgrades(onB.map((d) => d.sim!));
    // Inserted as the API would, with a step timeout shorter than the API allows (10 s), to keep it quick.
    const id = await b.database.db.transaction((tx) =>
      insertRollout(tx, {
        groups: { mode: 'count', size: 100 },
        successThreshold: 100,
        errorThreshold: 100,
        maxRetries: 2,
        stepTimeoutS: 2,
        maxConcurrent: 10,
        packageId: pkg.id,
        devices: [...onA, ...onB].map((d) => ({ id: d.id, version: '1.0.0' })),
        targets: {},
        createdId: null,
      }),
    );
    const heldByA = new Set(onA.map((d) => d.id));
    const underWayOnA = async () =>
      (await jobsOf(a, id)).filter((j) => heldByA.has(j.deviceId) && !['queued', 'success'].includes(j.state));
    // Downloading, not only told: a command still on its way when A closes is another case (engine.test).
    const downloading = async () => (await underWayOnA()).filter((j) => j.state === 'downloading').length;
    await eventually(async () => (await downloading()) === onA.length, 5_000, 'A’s devices downloading');
    await a.close();
    expect((await underWayOnA()).map((j) => j.state)).toEqual(onA.map(() => 'downloading'));
    const moved = onA.map((d) => b.sim(d, { rebootMs: 150, versions: { version: '1.0.0' } }));
    await Promise.all(moved.map((s) => s.waitFor('up', 10_000)));

    await finished(b, id, 30_000);
    const jobs = await jobsOf(b, id);
    expect(jobs.map((j) => j.state)).toEqual(jobs.map(() => 'success'));
    // The attempt A's devices were on when A went timed out and was retried through B.
    expect(jobs.filter((j) => heldByA.has(j.deviceId)).map((j) => j.attempts)).toEqual([2, 2, 2]);
    expect(jobs.filter((j) => !heldByA.has(j.deviceId)).map((j) => j.attempts)).toEqual([1, 1, 1]);
    expect([...moved, ...onB.map((d) => d.sim!)].map((s) => s.versions.version)).toEqual(jobs.map(() => '4.0.0'));
    // B's own devices were not disturbed: one command each.
    expect([...sent.values()]).toEqual(onB.map(() => 1));
  });
});
