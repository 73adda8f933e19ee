import { expect, test } from '@playwright/test';
import type { AnalyticsAnswer } from '@siteops/contracts/analytics/schemas';
import { createSimDevice, type SimDevice } from '@siteops/device-sim/device';
import { ADMIN, agentSiteFor, api, apiLogin, grantDevice, queryOf, loginTo } from './support';
import { deviceApi } from '@siteops/contracts/device/api';
import { analyticsApi } from '@siteops/contracts/analytics/api';
import { firstSheetOf } from './workbooks';
import { chartPoints } from './charts';

/**
 * The fleet analytics' online rate at a value between empty and 100 %: a fresh agent's site holds two dust
 * monitors, one simulated and online, the other never connected. The server's presence sampler (decision
 * 0020; every 30 s on the run's server, PRESENCE_SAMPLE_SECONDS, 5 minutes by default) stores the site at
 * 1 of 2 online, and the agent's /dashboard/analysis shows
 * 50 %: in the rate line, the uptime bars, the summary, by device type and by project, and in the xlsx.
 *
 * Both monitors move to the agent and its site together, the simulated one already online, so every sample
 * of the agent's devices is 1 of 2 whenever the sampler runs. The test waits for the next slot (up to
 * about 40 s; it waited up to 6 minutes on the default slot).
 */

test.describe('fleet analytics online rate', () => {
  let device: SimDevice | undefined;
  test.afterEach(async () => {
    await device?.stop();
    device = undefined;
  });

  test('one of two monitors online shows 50 % on the page and in its xlsx', async ({ page, request, baseURL }) => {
    test.setTimeout(4 * 60_000);
    const token = await apiLogin(request, ADMIN);
    const online = await grantDevice(request, token, { type: 'dust', prefix: 'E2EPRSON' });
    const silent = await grantDevice(request, token, { type: 'dust', prefix: 'E2EPRSOFF' });
    device = createSimDevice({
      url: `${baseURL!.replace(/^http/, 'ws')}/gateway`,
      sn: online.sn,
      mac: online.mac,
      secret: online.secret,
      type: 'dust',
      telemetryMs: 0,
      eventRate: 0,
    });
    await device.waitFor('up', 30_000);
    // Presence is stored in batches: online in the database before the monitors change hands.
    await expect
      .poll(async () => (await api(request, deviceApi.detail, { id: online.id }, token)).onlineStatus, {
        timeout: 30_000,
      })
      .toBe('online');
    const { agentUser, siteName } = await agentSiteFor(request, token, [online.id, silent.id], 'prs');
    const agentToken = await apiLogin(request, agentUser);

    // The next sample of the agent's site, through the API first (the page then needs no long wait).
    const range = `from=${encodeURIComponent(new Date(Date.now() - 3_600_000).toISOString())}&to=${encodeURIComponent(
      new Date(Date.now() + 3 * 3_600_000).toISOString(),
    )}`;
    await expect
      .poll(
        async () =>
          (
            await api.unchecked<AnalyticsAnswer>(
              request,
              analyticsApi.fleet,
              queryOf(`${range}&presenceBy=project`),
              agentToken,
            )
          ).uptime.map((u) => `${u.groupName}: ${u.uptimePct} (${u.devices})`),
        { timeout: 2 * 60_000, intervals: [2_000] },
      )
      .toEqual([`${siteName}: 50 (2)`]);

    await loginTo(page, '/dashboard/analysis', agentUser);
    const presence = page.getByTestId('analysis-presence');
    // By device type (the page's default): the rate line's point and the uptime bar, each titled with its value.
    await expect(presence.getByTestId('analysis-presence-summary')).toHaveText(
      '在线时长占比最低：扬尘监测 50%（2 台设备）',
      { timeout: 30_000 },
    );
    // A point per bucket with a sample: one, or two if the wait crossed into the next hour.
    const points = () => chartPoints(presence, 'line');
    await expect.poll(points).toContainEqual(expect.stringMatching(/^扬尘监测 · .*: 50$/));
    expect((await points()).filter((x) => !/^扬尘监测 · .*: 50$/.test(x))).toEqual([]);
    await expect.poll(() => chartPoints(presence, 'bar')).toEqual(['在线时长占比 · 扬尘监测: 50']);
    // By project: the site's name.
    await presence.getByText('按项目', { exact: true }).click();
    await expect(presence.getByTestId('analysis-presence-summary')).toHaveText(
      `在线时长占比最低：${siteName} 50%（2 台设备）`,
    );
    const sitePoint = new RegExp(`^${escape(siteName)} · .*: 50$`);
    await expect.poll(points).toContainEqual(expect.stringMatching(sitePoint));
    expect((await points()).filter((x) => !sitePoint.test(x))).toEqual([]);
    await expect.poll(() => chartPoints(presence, 'bar')).toEqual([`在线时长占比 · ${siteName}: 50`]);

    // The chart's data as an xlsx: the same 50.
    const downloads = presence.getByRole('button', { name: '下载在线率' });
    await downloads.evaluate((button) => button.scrollIntoView({ block: 'center' }));
    const download = page.waitForEvent('download');
    await downloads.click();
    await page.getByRole('menuitem', { name: '数据 (xlsx)' }).click();
    const ws = await firstSheetOf(await download);
    expect([ws.getRow(1).getCell(2).text, ws.getRow(1).getCell(3).text]).toEqual(['项目', '在线率 (%)']);
    expect(ws.rowCount).toBeGreaterThan(1);
    for (let i = 2; i <= ws.rowCount; i++) {
      expect([ws.getRow(i).getCell(2).text, ws.getRow(i).getCell(3).value]).toEqual([siteName, 50]);
    }
  });
});

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
