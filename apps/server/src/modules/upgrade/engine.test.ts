import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { devices, upgradePackages } from '../../db/schema/index.ts';
import { rowsOf } from '../../db/rows.ts';
import { fileApp } from '../../../test/harness.ts';
import type { UpgradeFault } from '@siteops/device-sim/upgrade';
import { openLive } from '../device-link/liveTestkit.ts';
import { claimJobs } from './jobs.ts';
import { insertRollout, pauseRollout, resumeRollout, cancelRollout, type RolloutSettings } from './rollouts.ts';
import { eventually, fleet, jobsOf, rolloutRow, startRolloutApp, uploadPackage } from './rolloutTestkit.ts';
import { upgradeApi } from '@siteops/contracts/upgrade/api';

/**
 * The rollout engine against real simulated devices over the device link: what each device does
 * (download with Range, verify, install, reboot into the new version) and every way it can fail,
 * and what the rollout does about it (retry, time out, pause at the error threshold, next group).
 * The API slice creates rollouts from targets; here they are inserted as it will.
 */
const { t, admin } = await fileApp(() => startRolloutApp());

const SETTINGS: RolloutSettings = {
  groups: { mode: 'count', size: 100 },
  successThreshold: 100,
  errorThreshold: 100,
  maxRetries: 0,
  stepTimeoutS: 5,
  maxConcurrent: 10,
};

async function rollout(packageId: number, ds: { id: number }[], s: Partial<RolloutSettings> = {}) {
  return t.database.db.transaction((tx) =>
    insertRollout(tx, {
      ...SETTINGS,
      ...s,
      packageId,
      devices: ds.map((d) => ({ id: d.id, version: '1.0.0' })),
      targets: { ids: ds.map((d) => d.id) },
      createdId: null,
    }),
  );
}
const settled = (id: number, status = 'finished') =>
  eventually(async () => (await rolloutRow(t, id)).status === status, 15_000, `rollout ${id} ${status}`);
const versionOf = async (id: number) =>
  (await t.database.db.select({ v: devices.version }).from(devices).where(eq(devices.id, id)))[0].v;

describe('a device upgrades', () => {
  it('downloads, verifies, installs, reboots and counts only once back on the new version; groups in turn', async () => {
    const pkg = await uploadPackage(t, admin, { version: '2.0.0', checkType: 'MD5' });
    const ds = await fleet(t, 3);
    const seen = new Set<string>();
    const id = await rollout(pkg.id, ds, { groups: { mode: 'count', size: 2 } });
    // Sample the states the jobs pass through while it runs.
    const watch = setInterval(() => {
      void jobsOf(t, id).then((jobs) => jobs.forEach((j) => seen.add(j.state)));
    }, 10);
    await settled(id);
    clearInterval(watch);
    const jobs = await jobsOf(t, id);
    expect(jobs.map((j) => [j.groupNo, j.state, j.attempts, j.reason])).toEqual([
      [1, 'success', 1, null],
      [1, 'success', 1, null],
      [2, 'success', 1, null],
    ]);
    // Group 2 was sent only after group 1 had all succeeded.
    const group1Done = Math.max(...jobs.slice(0, 2).map((j) => j.finishedAt!.getTime()));
    expect(jobs[2].startedAt!.getTime()).toBeGreaterThanOrEqual(group1Done);
    for (const d of ds) expect(d.sim!.versions.version).toBe('2.0.0');
    expect([...seen]).toEqual(expect.arrayContaining(['queued', 'downloading', 'success']));
    const [p] = await t.database.db.select().from(upgradePackages).where(eq(upgradePackages.id, pkg.id));
    expect(p.status).toBe('success');
    await eventually(async () => (await versionOf(ds[0].id)) === '2.0.0', 5_000, 'devices.version');
  });

  it('resumes an interrupted download with a Range request and still verifies', async () => {
    const pkg = await uploadPackage(t, admin, { version: '2.1.0', size: 300 * 1024, checkType: 'SHA1' });
    const [d] = await fleet(t, 1, { sim: { upgradeFault: 'cutDownload' } });
    const id = await rollout(pkg.id, [d]);
    await settled(id);
    expect((await jobsOf(t, id))[0]).toMatchObject({ state: 'success', attempts: 1 });
    const starts = d.sim!.lastUpgrade!.rangeStarts;
    expect(starts).toHaveLength(2);
    expect(starts[1]).toBeGreaterThan(0);
  });

  it('gets its job when it links, if it was offline when the rollout started', async () => {
    const pkg = await uploadPackage(t, admin, { version: '2.2.0' });
    const [d] = await fleet(t, 1, { offline: true });
    const id = await rollout(pkg.id, [d]);
    await new Promise((r) => setTimeout(r, 300));
    expect((await jobsOf(t, id))[0].state).toBe('queued');
    t.sim(d, { rebootMs: 150, versions: { version: '1.0.0' } });
    await settled(id);
    expect((await jobsOf(t, id))[0].state).toBe('success');
  });
});

describe('a device fails', () => {
  it.each([
    ['corrupt', 'checksum'],
    ['refuseInstall', 'install'],
    ['oldVersion', 'wrongVersion'],
    ['breakDownload', 'download'],
  ] as const)('%s: failure %s, never success', async (fault, reason) => {
    const pkg = await uploadPackage(t, admin, { version: `3.0.0-${fault}` });
    const [d] = await fleet(t, 1, { sim: { upgradeFault: fault } });
    const id = await rollout(pkg.id, [d]);
    await settled(id);
    const [job] = await jobsOf(t, id);
    expect(job).toMatchObject({ state: 'failure', reason, attempts: 1 });
    if (fault === 'oldVersion') expect(job.message).toContain('1.0.0');
    expect(d.sim!.versions.version).toBe('1.0.0');
    const [p] = await t.database.db.select().from(upgradePackages).where(eq(upgradePackages.id, pkg.id));
    expect(p.status).toBe('failure');
  });

  it('that hangs is failed at the step timeout, never left in progress', async () => {
    const pkg = await uploadPackage(t, admin, { version: '3.1.0' });
    const [d] = await fleet(t, 1, { sim: { upgradeFault: 'hang' } });
    const id = await rollout(pkg.id, [d], { stepTimeoutS: 1 });
    await eventually(async () => (await jobsOf(t, id))[0].state === 'downloading', 5_000, 'downloading');
    await settled(id);
    expect((await jobsOf(t, id))[0]).toMatchObject({ state: 'failure', reason: 'timeout' });
  });

  it('whose link closes while the command is on its way is not sent it again on relinking; the step timeout decides', async () => {
    const pkg = await uploadPackage(t, admin, { version: '3.3.0' });
    // The device takes the command and goes away before answering: whether it started cannot be known.
    const [d] = await fleet(t, 1, { sim: { ignoreMethods: ['upgrade'] } });
    // A step timeout well beyond the relinking below, so a resend before it can only be the old requeue.
    const id = await rollout(pkg.id, [d], { stepTimeoutS: 3, maxRetries: 1 });
    await eventually(async () => d.sim!.counters.rpcs > 0, 5_000, 'the command reached the device');
    d.sim!.kill();
    const back = t.sim(d, { rebootMs: 150, versions: { version: '1.0.0' } });
    const upgrades: unknown[] = [];
    back.on('rpc', (r: { method: string }) => r.method === 'upgrade' && upgrades.push(r));
    await back.waitFor('up', 5_000);
    await new Promise((r) => setTimeout(r, 300));
    expect(upgrades).toEqual([]);
    expect((await jobsOf(t, id))[0]).toMatchObject({ state: 'notified', attempts: 1 });
    // At the step timeout it is failed and retried like any attempt that stopped moving.
    await settled(id);
    expect((await jobsOf(t, id))[0]).toMatchObject({ state: 'success', attempts: 2 });
    expect(upgrades).toHaveLength(1);
  });

  it('is retried after a backoff, and succeeds once the fault is gone', async () => {
    const pkg = await uploadPackage(t, admin, { version: '3.2.0' });
    const [d] = await fleet(t, 1, { sim: { upgradeFault: 'corrupt' } });
    const id = await rollout(pkg.id, [d], { maxRetries: 2 });
    await eventually(async () => (await jobsOf(t, id))[0].reason === 'checksum', 5_000, 'first failure');
    expect((await jobsOf(t, id))[0].state).not.toBe('failure');
    d.sim!.upgradeFault = undefined;
    await settled(id);
    const [job] = await jobsOf(t, id);
    expect(job.state).toBe('success');
    expect(job.attempts).toBeGreaterThanOrEqual(2);
  });
});

/**
 * A rollout of package `version` to three devices in groups of two, the first device failing with
 * `fault`, once it has paused itself; answers its id.
 */
async function selfPaused(version: string, fault: UpgradeFault, s: Partial<RolloutSettings>) {
  const pkg = await uploadPackage(t, admin, { version });
  const [faulty, good, later] = await fleet(t, 3);
  faulty.sim!.upgradeFault = fault;
  const id = await rollout(pkg.id, [faulty, good, later], { groups: { mode: 'count', size: 2 }, ...s });
  await settled(id, 'paused');
  return id;
}

describe('the rollout', () => {
  it('pauses itself when a group passes the error threshold; resume accepts those failures; cancel closes it', async () => {
    const id = await selfPaused('4.0.0', 'refuseInstall', { errorThreshold: 0, successThreshold: 50 });
    expect((await rolloutRow(t, id)).pauseReason).toBe('errorThreshold');
    const jobs = await jobsOf(t, id);
    expect(jobs[0]).toMatchObject({ state: 'failure', reason: 'install' });
    // The next group does not start while paused.
    await new Promise((r) => setTimeout(r, 300));
    expect((await jobsOf(t, id))[2].state).toBe('queued');

    expect(await pauseRollout(t.database.db, id)).toBe(false);
    expect(await resumeRollout(t.database.db, id)).toBe(true);
    await eventually(async () => (await jobsOf(t, id))[2].state !== 'queued', 5_000, 'group 2 sent');
    await settled(id);
    expect((await jobsOf(t, id)).map((j) => j.state)).toEqual(['failure', 'success', 'success']);
    expect(await cancelRollout(t.database.db, id)).toBe(false);
  });

  it('pauses itself when a step timeout leaves the success threshold out of reach; admins are told live', async () => {
    const tab = await openLive(t, admin);
    try {
      await tab.ready();
      expect((await tab.subscribe(['notifications'])).refused).toEqual([]);
      const id = await selfPaused('4.0.1', 'hang', { successThreshold: 100, stepTimeoutS: 1 });
      expect((await rolloutRow(t, id)).pauseReason).toBe('successUnreachable');
      const frame = await tab.waitFor((m) => m.type === 'notification', 5_000, 'notification');
      const told = frame.data as { data: { body: Record<string, string> } };
      expect(told.data).toMatchObject({
        tab: 'todo',
        title: { 'en-US': `Firmware rollout #${id} paused itself` },
        link: `/device/device-rollout?id=${id}`,
      });
      expect(told.data.body['en-US']).toContain('can no longer reach its success threshold of 100 %');
      expect(told.data.body['zh-CN']).toContain('无法再达到成功阈值 100%');
    } finally {
      tab.close();
    }
  });

  it('pauses by hand: nothing new is sent until resumed; cancelled jobs stay cancelled', async () => {
    const pkg = await uploadPackage(t, admin, { version: '4.1.0' });
    const ds = await fleet(t, 2, { offline: true });
    const id = await rollout(pkg.id, ds);
    expect(await pauseRollout(t.database.db, id)).toBe(true);
    for (const d of ds) t.sim(d, { rebootMs: 150, versions: { version: '1.0.0' } });
    await new Promise((r) => setTimeout(r, 500));
    expect((await jobsOf(t, id)).map((j) => j.state)).toEqual(['queued', 'queued']);
    expect(await cancelRollout(t.database.db, id)).toBe(true);
    const row = await rolloutRow(t, id);
    expect(row.status).toBe('cancelled');
    expect((await jobsOf(t, id)).map((j) => j.state)).toEqual(['cancelled', 'cancelled']);
    expect(await resumeRollout(t.database.db, id)).toBe(false);
  });

  it('never has more downloads at once than its concurrency limit', async () => {
    const pkg = await uploadPackage(t, admin, { version: '4.2.0', size: 512 * 1024 });
    const ds = await fleet(t, 4);
    const id = await rollout(pkg.id, ds, { maxConcurrent: 2 });
    let peak = 0;
    const watch = setInterval(() => {
      void t.database.db
        .execute(
          sql`select count(*)::int as n from upgrade_jobs where rollout_id = ${id} and state in ('notified', 'downloading')`,
        )
        .then((res) => (peak = Math.max(peak, rowsOf<{ n: number }>(res)[0].n)));
    }, 5);
    await settled(id);
    clearInterval(watch);
    expect(peak).toBeGreaterThan(0);
    expect(peak).toBeLessThanOrEqual(2);
    expect((await jobsOf(t, id)).every((j) => j.state === 'success')).toBe(true);
  });

  it('is driven by whichever instance holds the devices, from what the database holds (as after a restart)', async () => {
    const pkg = await uploadPackage(t, admin, { version: '4.3.0' });
    const ds = await fleet(t, 2, { offline: true });
    const id = await rollout(pkg.id, ds);
    // A second app on the same database and files; the devices link to it only.
    const second = await startRolloutApp({ database: t.database, env: { DATA_DIR: t.dataDir } });
    try {
      for (const d of ds) second.sim(d, { rebootMs: 150, versions: { version: '1.0.0' } });
      await settled(id);
      expect((await jobsOf(t, id)).map((j) => j.state)).toEqual(['success', 'success']);
    } finally {
      await second.close();
    }
  });
});

describe('an instance that dies mid-rollout', () => {
  /**
   * Why rollouts recover from kill -9 with no lease to wait out (unlike the gate's device leases): a
   * claim is a row lock only while its transaction runs (the database drops it with the dead connection),
   * and what it commits is the job's state with its time (`notified`, `state_at`); every instance's round
   * fails or retries a job whose state is older than the rollout's step timeout.
   */
  it('leaves a claimed job that no device heard of: retried by the step timeout, then upgraded', async () => {
    const pkg = await uploadPackage(t, admin, { version: '4.4.0' });
    const [d] = await fleet(t, 1);
    let upgrades = 0;
    d.sim!.on('rpc', (r: { method: string }) => void (r.method === 'upgrade' && upgrades++));
    // The dying instance creates and claims in one go, then is gone before it sends the command.
    const { id, claimed } = await t.database.db.transaction(async (tx) => {
      const id = await insertRollout(tx, {
        ...SETTINGS,
        stepTimeoutS: 1,
        maxRetries: 1,
        packageId: pkg.id,
        devices: [{ id: d.id, version: '1.0.0' }],
        targets: { ids: [d.id] },
        createdId: null,
      });
      return { id, claimed: await claimJobs(tx, id) };
    });
    expect(claimed.map((j) => j.device_id)).toEqual([d.id]);
    await settled(id);
    const [job] = await jobsOf(t, id);
    expect(job).toMatchObject({ state: 'success', attempts: 2 });
    expect(upgrades).toBe(1);
    await eventually(async () => (await versionOf(d.id)) === '4.4.0', 5_000, 'devices.version');
  });
});

describe('downloads', () => {
  it('are refused without a valid signature or once the attempt is over', async () => {
    const bad = await t.api(upgradeApi.fetch, { key: 'fw-1-00000000-0000-0000-0000-000000000000', exp: 1, sig: 'x' });
    expect(bad.status).toBe(401);
  });
});
