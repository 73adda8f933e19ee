import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { RolloutDetail, RolloutJob } from '@siteops/contracts/rollout/schemas';
import { auditLog, devices } from '../../db/schema/index.ts';
import { createAgent, inChinese, uniq } from '../../../test/fixtures.ts';
import { openLive } from '../device-link/liveTestkit.ts';
import { eventually, fleet, startRolloutApp, uploadPackage } from './rolloutTestkit.ts';
import { expectFieldError, fileApp } from '../../../test/harness.ts';
import { upgradeApi } from '@siteops/contracts/upgrade/api';
import { notificationApi } from '@siteops/contracts/notification/api';
import type { InputOf } from '@siteops/contracts/shared/endpoint';
import { rolloutApi } from '@siteops/contracts/rollout/api';
import { projectApi } from '@siteops/contracts/project/api';

/**
 * The rollout endpoints (rolloutApi) with real simulated devices: which devices a rollout takes, what an admin sees of it
 * (counts by state per group, each device's state and failure reason), and pausing, resuming and
 * cancelling it by hand; each change audited.
 */
const { t, admin } = await fileApp(() => startRolloutApp());

const detail = async (id: number) => (await t.api(rolloutApi.detail, { id }, admin)).body.data as RolloutDetail;
const jobs = async (id: number, filter: Omit<InputOf<typeof rolloutApi.jobs>, 'id'> = {}) =>
  (await t.api(rolloutApi.jobs, { id, pageSize: 200, ...filter }, admin)).body.data.list as RolloutJob[];
const until = (id: number, ok: (d: RolloutDetail) => boolean, what: string) =>
  eventually(async () => ok(await detail(id)), 15_000, what);
const audits = (action: string, id: number) =>
  t.database.db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.action, action), eq(auditLog.targetId, String(id))));
const fast = { stepTimeoutS: 10, maxRetries: 0, errorThreshold: 100 };

describe('targets', () => {
  it('takes only the devices the package applies to, filtered by type, agent, project, version and ids', async () => {
    const agent = await createAgent(t, admin);
    const project = await t.api(projectApi.add, { name: 'Rollout site', code: uniq('RS-'), agentId: agent.id }, admin);
    const projectId = project.body.data.id as number;
    const pkg = await uploadPackage(t, admin, { version: '5.0.0', types: ['face', 'dust'] });
    const mk = async (o: {
      type?: 'face' | 'dust' | 'plate';
      version?: string;
      agentId?: number;
      projectId?: number;
    }) => {
      const d = await t.addDevice({ type: o.type ?? 'face', agentId: o.agentId ?? null });
      await t.database.db
        .update(devices)
        .set({ version: o.version ?? '4.0.0', projectId: o.projectId ?? null })
        .where(eq(devices.id, d.id));
      return d.id;
    };
    const ofAgent = await mk({ agentId: agent.id, projectId });
    const dust = await mk({ type: 'dust', agentId: agent.id });
    const plate = await mk({ type: 'plate', agentId: agent.id });
    const current = await mk({ version: '5.0.0', agentId: agent.id });
    const older = await mk({ version: '3.9.0', agentId: agent.id });
    const preview = async (targets: object) => {
      const res = await t.api(rolloutApi.preview, { packageId: pkg.id, targets }, admin);
      expect(res.body.code, res.body.msg).toBe(200);
      return (res.body.data.list as { id: number }[]).map((d) => d.id).sort((a, b) => a - b);
    };
    expect(await preview({ agentIds: [agent.id] })).toEqual([ofAgent, dust, older]);
    expect(await preview({ agentIds: [agent.id], types: ['dust', 'plate'] })).toEqual([dust]);
    expect(await preview({ projectIds: [projectId] })).toEqual([ofAgent]);
    expect(await preview({ agentIds: [agent.id], versions: ['3.9.0'] })).toEqual([older]);
    expect(await preview({ ids: [plate, current, older] })).toEqual([older]);
    // A minimum version leaves the older device out.
    await t.api(upgradeApi.update, { id: pkg.id, minVersion: '4.0.0' }, admin);
    expect(await preview({ agentIds: [agent.id] })).toEqual([ofAgent, dust]);

    const none = await t.api(rolloutApi.add, { packageId: pkg.id, targets: { ids: [plate, current] } }, admin);
    expectFieldError(none, 'targets');
    expect((await t.api(rolloutApi.add, { packageId: 999_999, targets: {} }, admin)).status).toBe(404);

    // A device in an open rollout is not taken by another.
    const first = await t.api(rolloutApi.add, { packageId: pkg.id, targets: { ids: [ofAgent] }, ...fast }, admin);
    expect(first.body.code, first.body.msg).toBe(200);
    expect(await preview({ agentIds: [agent.id] })).toEqual([dust]);
    expect((await t.api(rolloutApi.cancel, { id: first.body.data.id }, admin)).body.code).toBe(200);
  });
});

describe('a rollout', () => {
  it('upgrades real simulated devices group by group, with counts by state and audit', async () => {
    const pkg = await uploadPackage(t, admin, { version: '6.0.0' });
    const ds = await fleet(t, 4);
    const res = await t.api(
      rolloutApi.add,
      {
        packageId: pkg.id,
        targets: { ids: ds.map((d) => d.id) },
        groupMode: 'percent',
        groupSize: 50,
        ...fast,
      },
      admin,
    );
    expect(res.body.code, res.body.msg).toBe(200);
    const created = res.body.data as RolloutDetail;
    expect(created).toMatchObject({ status: 'running', groupCount: 2, total: 4, fileVersion: '6.0.0' });
    expect(created.groups.map((g) => g.total)).toEqual([2, 2]);
    const done = await until(created.id, (d) => d.status === 'finished', 'finished');
    expect(done).toBe(true);
    const d = await detail(created.id);
    expect(d.counts).toMatchObject({ success: 4, failure: 0, queued: 0 });
    expect(d.groups.map((g) => g.counts.success)).toEqual([2, 2]);
    expect((await jobs(created.id)).map((j) => [j.state, j.fromVersion, j.percent])).toEqual(
      Array(4).fill(['success', '1.0.0', 100]),
    );
    const list = (await t.api(rolloutApi.listAll, { packageId: pkg.id }, admin)).body.data;
    expect(list.list.map((r: { id: number }) => r.id)).toEqual([created.id]);
    const pkgNow = (await t.api(upgradeApi.detail, { id: pkg.id }, admin)).body.data;
    expect(pkgNow).toMatchObject({ status: 'success', openRollouts: 0 });
    expect(await audits('rollout.add', created.id)).toHaveLength(1);
    // Whoever started it gets a message saying how it went (sent just after the rollout is seen finished).
    const messages = async () =>
      (
        (
          await t.api(
            notificationApi.listAll,
            { tab: 'message' },
            { token: admin, headers: { 'accept-language': 'en-US' } },
          )
        ).body.data.list as { title: string; body: string; link: string; level: string }[]
      ).filter((n) => n.link === `/device/device-rollout?id=${created.id}`);
    await expect.poll(messages).toEqual([
      expect.objectContaining({
        level: 'success',
        title: `Firmware rollout #${created.id} finished`,
        body: expect.stringContaining('4 of 4 devices upgraded, 0 failed'),
      }),
    ]);
  });

  it('pauses itself at the error threshold and shows why each device failed; resumed by hand, it finishes', async () => {
    const pkg = await uploadPackage(t, admin, { version: '6.1.0' });
    const [bad, wrong, good] = await fleet(t, 3);
    bad.sim!.upgradeFault = 'corrupt';
    wrong.sim!.upgradeFault = 'oldVersion';
    const res = await t.api(
      rolloutApi.add,
      {
        packageId: pkg.id,
        targets: { ids: [bad.id, wrong.id, good.id] },
        groupMode: 'count',
        groupSize: 2,
        ...fast,
        errorThreshold: 50,
        successThreshold: 50,
      },
      admin,
    );
    const id = res.body.data.id as number;
    await until(id, (d) => d.status === 'paused', 'paused');
    const paused = await detail(id);
    expect(paused).toMatchObject({ pauseReason: 'errorThreshold', currentGroup: 1 });
    const failed = await jobs(id, { state: 'failure' });
    expect(failed.map((j) => [j.deviceId, j.reason]).sort()).toEqual(
      [
        [bad.id, 'checksum'],
        [wrong.id, 'wrongVersion'],
      ].sort(),
    );
    expect((await jobs(id, { groupNo: 2 }))[0].state).toBe('queued');
    // Only a running rollout can be paused: a 409 that says so, in the caller's language.
    const again = await t.api(rolloutApi.pause, { id }, inChinese(admin));
    expect(again.status).toBe(409);
    expect(again.body.msg).toContain('已暂停');
    // The admins get a to-do saying why, in their language, and the pause is audited (by no user).
    const todos = async (lang: string) =>
      (
        (await t.api(notificationApi.listAll, { tab: 'todo' }, { token: admin, headers: { 'accept-language': lang } }))
          .body.data.list as { title: string; body: string; link: string; level: string }[]
      ).filter((n) => n.link === `/device/device-rollout?id=${id}`);
    expect(await todos('en-US')).toEqual([
      expect.objectContaining({
        level: 'warning',
        title: `Firmware rollout #${id} paused itself`,
        body: expect.stringContaining('2 of the 2 devices of group 1 failed, more than the error threshold of 50 %'),
      }),
    ]);
    expect((await todos('zh-CN'))[0]).toMatchObject({
      title: `固件升级任务 #${id} 已自动暂停`,
      body: expect.stringContaining('第 1 组 2 台设备中有 2 台升级失败，超过错误阈值 50%'),
    });
    expect(await audits('rollout.autoPause', id)).toEqual([
      expect.objectContaining({
        actorId: null,
        detail: expect.objectContaining({ reason: 'errorThreshold', failed: 2, total: 2 }),
      }),
    ]);

    expect((await t.api(rolloutApi.resume, { id }, admin)).body.data.status).toBe('running');
    await until(id, (d) => d.status === 'finished', 'finished');
    expect((await jobs(id)).map((j) => j.state)).toEqual(['failure', 'failure', 'success']);
    expect((await t.api(upgradeApi.detail, { id: pkg.id }, admin)).body.data.status).toBe('failure');
    expect(await audits('rollout.resume', id)).toHaveLength(1);
  });

  it("records a device's version when its job is sent, if it was unknown when the rollout was created", async () => {
    const pkg = await uploadPackage(t, admin, { version: '6.3.0' });
    const [d] = await fleet(t, 1, { offline: true });
    const res = await t.api(rolloutApi.add, { packageId: pkg.id, targets: { ids: [d.id] }, ...fast }, admin);
    expect(res.body.code, res.body.msg).toBe(200);
    const id = res.body.data.id as number;
    expect((await jobs(id))[0]).toMatchObject({ state: 'queued', fromVersion: null });
    t.sim(d, { rebootMs: 150, versions: { version: '6.2.9' } });
    await until(id, (x) => x.status === 'finished', 'finished');
    expect((await jobs(id))[0]).toMatchObject({ state: 'success', fromVersion: '6.2.9' });
  });

  it('is paused and cancelled by hand: nothing more is sent, the package can be deleted', async () => {
    const pkg = await uploadPackage(t, admin, { version: '6.2.0' });
    const ds = await fleet(t, 2, { offline: true });
    const res = await t.api(
      rolloutApi.add,
      { packageId: pkg.id, targets: { ids: ds.map((d) => d.id) }, ...fast },
      admin,
    );
    const id = res.body.data.id as number;
    expect((await t.api(rolloutApi.pause, { id }, admin)).body.data).toMatchObject({
      status: 'paused',
      pauseReason: 'manual',
    });
    const refused = await t.api(upgradeApi.delete, { ids: [pkg.id] }, admin);
    expect(refused.status).toBe(409);
    for (const d of ds) t.sim(d, { rebootMs: 150, versions: { version: '1.0.0' } });
    await new Promise((r) => setTimeout(r, 400));
    expect((await detail(id)).counts.queued).toBe(2);
    const cancelled = (await t.api(rolloutApi.cancel, { id }, admin)).body.data as RolloutDetail;
    expect(cancelled).toMatchObject({ status: 'cancelled', counts: { cancelled: 2 } });
    expect((await t.api(rolloutApi.resume, { id }, admin)).status).toBe(409);
    expect(await audits('rollout.cancel', id)).toHaveLength(1);
    const deleted = await t.api(upgradeApi.delete, { ids: [pkg.id] }, admin);
    expect(deleted.body.code).toBe(200);
    expect((await t.api(rolloutApi.detail, { id }, admin)).status).toBe(404);
  });

  it('retries a failed device and resumes an interrupted download', async () => {
    const pkg = await uploadPackage(t, admin, { version: '6.3.0', size: 256 * 1024 });
    const [flaky, cut] = await fleet(t, 2);
    flaky.sim!.upgradeFault = 'refuseInstall';
    cut.sim!.upgradeFault = 'cutDownload';
    const res = await t.api(
      rolloutApi.add,
      {
        packageId: pkg.id,
        targets: { ids: [flaky.id, cut.id] },
        ...fast,
        maxRetries: 3,
      },
      admin,
    );
    const id = res.body.data.id as number;
    await eventually(
      async () => (await jobs(id)).find((j) => j.deviceId === flaky.id)?.reason === 'install',
      10_000,
      'install refused',
    );
    flaky.sim!.upgradeFault = undefined;
    await until(id, (d) => d.status === 'finished', 'finished');
    const byDevice = new Map((await jobs(id)).map((j) => [j.deviceId, j]));
    expect(byDevice.get(flaky.id)).toMatchObject({ state: 'success' });
    expect(byDevice.get(flaky.id)!.attempts).toBeGreaterThanOrEqual(2);
    expect(byDevice.get(cut.id)).toMatchObject({ state: 'success', attempts: 1 });
    expect(cut.sim!.lastUpgrade!.rangeStarts.length).toBe(2);
  });

  it("tells admins' tabs watching it that it changed (live topic rollout:<id>); not other roles", async () => {
    const pkg = await uploadPackage(t, admin, { version: '6.4.0' });
    const [d] = await fleet(t, 1, { offline: true });
    const res = await t.api(rolloutApi.add, { packageId: pkg.id, targets: { ids: [d.id] }, ...fast }, admin);
    const id = res.body.data.id as number;
    const live = await openLive(t, admin);
    await live.ready();
    expect((await live.subscribe([`rollout:${id}`])).refused).toEqual([]);
    t.sim(d, { rebootMs: 150, versions: { version: '1.0.0' } });
    await live.waitFor(
      (m) => m.type === 'rollout' && (m.data.data as { id: number }).id === id,
      10_000,
      'rollout frame',
    );
    const agent = await createAgent(t, admin);
    const other = await openLive(t, await t.login(agent.userName, 'Passw0rd!'));
    await other.ready();
    expect((await other.subscribe([`rollout:${id}`])).refused).toEqual([`rollout:${id}`]);
    live.close();
    other.close();
    await until(id, (x) => x.status === 'finished', 'finished');
  });

  it('answers 404 for an unknown rollout and 400 for bad settings', async () => {
    expect((await t.api(rolloutApi.detail, { id: 999999 }, admin)).status).toBe(404);
    expect((await t.api(rolloutApi.jobs, { id: 999999 }, admin)).status).toBe(404);
    expect((await t.api(rolloutApi.pause, { id: 999999 }, admin)).status).toBe(404);
    const bad = await t.api(rolloutApi.add, { packageId: 1, targets: {}, groupMode: 'percent', groupSize: 150 }, admin);
    expectFieldError(bad, 'groupSize');
  });
});
