import { randomBytes } from 'node:crypto';
import { expect as baseExpect } from '@playwright/test';
import type { SimDevice } from '@siteops/device-sim/device';
import { ADMIN, apiLogin, grantDevice, type Envelope, uniqueName, urlOf, loginTo } from './support';
import { upgradeApi } from '@siteops/contracts/upgrade/api';
import { test } from './simDevice';

/**
 * A firmware rollout end to end, with two simulated access terminals on 1.0.0: the admin rolls a
 * package out from the upgrade page to exactly these two, one device per group, no retries, pausing
 * at the first failure. The first group's terminal refuses to install: the page shows, live and
 * without a reload, the rollout pausing itself, the reason on that device's row and the second group
 * waiting. Resumed, the second terminal upgrades (downloads, verifies, reboots into the new version)
 * and the rollout finishes.
 */
test.describe.configure({ timeout: 180_000 });
const expect = baseExpect.configure({ timeout: 45_000 });

test.describe('firmware rollout', () => {
  test('roll out from the upgrade page, watch it pause itself on a refused install, resume, finish', async ({
    page,
    request,
    dialSim,
  }) => {
    const token = await apiLogin(request, ADMIN);
    // Granted first, so the first group: its failure pauses the rollout before the second group starts.
    const bad = await grantDevice(request, token, { type: 'face', prefix: 'E2EFW' });
    const good = await grantDevice(request, token, { type: 'face', prefix: 'E2EFW' });
    const sims: SimDevice[] = [];
    for (const d of [bad, good]) {
      const sim = dialSim(d, 'face', {
        rebootMs: 300,
        versions: { version: '1.0.0' },
        upgradeFault: d === bad ? 'refuseInstall' : undefined,
      });
      sims.push(sim);
      await sim.waitFor('up', 30_000);
    }
    const version = `9.${Date.now() % 100000}.0`;
    const name = `${uniqueName('rollout')}.bin`;
    const uploaded = (await (
      await request.post(urlOf(upgradeApi.upload, { fileVersion: version, deviceTypes: 'face' }), {
        headers: { Authorization: `Bearer ${token}` },
        multipart: { file: { name, mimeType: 'application/octet-stream', buffer: randomBytes(200 * 1024) } },
      })
    ).json()) as Envelope<{ id: number }>;
    expect(uploaded.code, uploaded.msg).toBe(200);

    await loginTo(page, `/device/device-upgrade?fileName=${encodeURIComponent(name)}`);
    const row = page.locator('.ant-table-tbody tr.ant-table-row').filter({ hasText: name });
    await row.getByRole('button', { name: '发布升级' }).click();
    const dialog = page.getByRole('dialog').filter({ hasText: '发布升级' });
    const devices = dialog.getByLabel('设备', { exact: true });
    for (const d of [bad, good]) {
      await devices.click();
      await devices.fill(d.sn);
      await page.locator(`.ant-select-dropdown:not(.ant-select-dropdown-hidden) [title^="${d.sn}"]`).click();
    }
    await page.keyboard.press('Escape');
    await expect(dialog.getByTestId('rollout-match')).toContainText('将升级 2 台设备');
    await dialog.getByText('每组设备数').click();
    await dialog.getByLabel('每组大小').fill('1');
    await dialog.getByLabel(/失败阈值/).fill('0');
    await dialog.getByLabel(/重试次数/).fill('0');
    await dialog.getByRole('button', { name: /保\s*存/ }).click();

    // The rollout's page opens on it, and follows it live.
    await expect(page).toHaveURL(/\/device\/device-rollout\?id=\d+/);
    const drawer = page.locator('.ant-drawer');
    const jobs = drawer.getByTestId('rollout-jobs');
    await expect(drawer.getByTestId('rollout-status')).toContainText('已暂停 · 超过失败阈值');
    const badRow = jobs.getByRole('row').filter({ hasText: bad.sn });
    await expect(badRow).toContainText('失败');
    await expect(badRow).toContainText('拒绝安装');
    await expect(drawer.getByTestId('rollout-group-1')).toContainText('1/1');
    await expect(drawer.getByTestId('rollout-group-2')).toContainText('等待中');
    await expect(jobs.getByRole('row').filter({ hasText: good.sn })).toContainText('排队中');

    await drawer.getByRole('button', { name: '继续' }).click();
    await expect(jobs.getByRole('row').filter({ hasText: good.sn })).toContainText('成功');
    await expect(drawer.getByTestId('rollout-status')).toContainText('已结束');
    expect(sims[0].versions.version).toBe('1.0.0');
    expect(sims[1].versions.version).toBe(version);
    await expect(drawer.getByTestId('rollout-counts')).toContainText('成功 1');
    await expect(drawer.getByTestId('rollout-counts')).toContainText('失败 1');
  });
});
