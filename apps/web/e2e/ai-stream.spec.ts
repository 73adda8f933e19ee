import { expect } from '@playwright/test';
import { ADMIN, apiLogin, client, type Envelope, grantDevice, loginTo } from './support';
import { aiStreamApi } from '@siteops/contracts/ai-stream/api';
import { test } from './simDevice';

/**
 * AI-box stream settings end to end: two AI boxes granted through the API, one simulated box dialled
 * in and one left offline. The page reads what the online box reports, refuses an out-of-range frame
 * rate on the field, shows per box what would change, pushes, and shows each box's answer: applied
 * (the box really holds the new values), offline, and the box's own refusal of 30 fps at 1080p.
 */

test.describe('AI-box stream settings', () => {
  test('read, check, push to two boxes (one offline), and a box refusing', async ({ page, request, dialSim }) => {
    test.setTimeout(180_000);
    const token = await apiLogin(request, ADMIN);
    const online = await grantDevice(request, token, {
      type: 'aiBox',
      prefix: 'E2EAI',
      devName: `e2e AI 在线 ${Date.now() % 100000}`,
    });
    const offline = await grantDevice(request, token, {
      type: 'aiBox',
      prefix: 'E2EAI',
      devName: `e2e AI 离线 ${Date.now() % 100000}`,
    });
    const device = dialSim(online, 'aiBox');
    await device.waitFor('up', 30_000);

    await loginTo(page, `/device/aiBox-stream?ids=${online.id},${offline.id}`);
    await expect(page.getByText('请先选择 AI 盒子并读取其当前设置。')).toBeVisible({ timeout: 60_000 });
    await page.getByRole('button', { name: '从设备读取' }).click();
    await expect(page.getByText('1 台设备无法读取；下发时将写入下面设置的全部值。')).toBeVisible();

    // The form starts from what the box reported.
    const frameRate = page.getByLabel('视频帧率（fps）');
    const bitRate = page.getByLabel('编码码率（kbit/s）');
    await expect(frameRate).toHaveValue('25');
    await expect(bitRate).toHaveValue('1024');

    // Out of range: the field says so and nothing is pushed.
    await frameRate.fill('31');
    await frameRate.blur();
    await expect(page.getByText('视频帧率须为 1 到 30 的整数')).toBeVisible();
    await page.getByRole('button', { name: '下发到设备' }).click();
    await expect(page.getByTestId('ai-stream-results')).toHaveCount(0);

    await frameRate.fill('15');
    await bitRate.fill('800');
    await frameRate.blur();
    await expect(page.getByText('视频帧率须为 1 到 30 的整数')).toHaveCount(0);
    const diff = page.locator('.ant-card').filter({ hasText: '将变更的内容' });
    const onlineRow = diff.getByRole('row').filter({ hasText: online.sn });
    const offlineRow = diff.getByRole('row').filter({ hasText: offline.sn });
    await expect(onlineRow).toContainText('视频帧率（fps）: 25 → 15');
    await expect(onlineRow).toContainText('编码码率（kbit/s）: 1024 → 800');
    await expect(offlineRow).toContainText('视频帧率（fps）: 未知 → 15');

    await page.getByRole('button', { name: '下发到设备' }).click();
    const results = page.getByTestId('ai-stream-results');
    await expect(results.getByRole('row').filter({ hasText: online.sn })).toContainText('已应用');
    await expect(results.getByRole('row').filter({ hasText: offline.sn })).toContainText('离线');
    // The box itself now holds them.
    const read = (await client(request)(aiStreamApi.read, { ids: [online.id] }, token)).body as Envelope<{
      list: { settings: Record<string, unknown> }[];
    }>;
    expect(read.data.list[0].settings).toMatchObject({ frameRate: 15, bitRate: 800 });
    // Pushed values are the new current ones: nothing left to change for the box that took them.
    await expect(onlineRow).toContainText('没有需要变更的内容。');

    // 30 fps is in range, but this camera does at most 25 at 1920x1080: the box refuses and says why.
    await frameRate.fill('30');
    await frameRate.blur();
    await page.getByRole('button', { name: '下发到设备' }).click();
    const refused = results.getByRole('row').filter({ hasText: online.sn });
    await expect(refused).toContainText('已拒绝');
    await expect(refused).toContainText('25 fps');
  });
});
