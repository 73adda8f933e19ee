import { expect } from '@playwright/test';
import { api, loginTo } from './support';
import { adminDevice } from './adminSetup';
import { deviceApi } from '@siteops/contracts/device/api';
import { test } from './simDevice';

/**
 * The device link end to end: a simulated face terminal (the device-sim library, speaking the real
 * protocol) dials the e2e server's /gateway; the console shows it going online without a reload, and
 * its snapshot, open-door and terminal buttons reach the device and show what it answered.
 */

test.describe('device link', () => {
  test('a live device: online without reload, snapshot, open door, terminal, reboot', async ({
    page,
    request,
    dialSim,
  }) => {
    // A busy machine (several suites, a shared 2-core box) can take tens of seconds to render the page.
    test.setTimeout(180_000);
    const { admin: token, granted } = await adminDevice(request, { type: 'face', prefix: 'E2EFACE' });
    const { sn } = granted;
    // Named after its serial number, which the grant makes up.
    const devName = `e2e 门禁 ${sn.slice(-5)}`;
    await api(request, deviceApi.update, { id: granted.id, devName }, token);

    await loginTo(page, `/device/face-list?sn=${encodeURIComponent(sn)}`);
    const row = page.getByRole('row').filter({ hasText: sn });
    await expect(row).toBeVisible({ timeout: 60_000 });
    await expect(row).not.toContainText(/在线|Online/);
    // The remote commands are under the row's "more" menu, which keeps the status columns in view at 1440 px;
    // an offline device's are disabled under a line saying why.
    const command = async (name: RegExp) => {
      await row.getByRole('button', { name: /更多|More/ }).click();
      return page.getByRole('menuitem', { name });
    };
    const status = row.getByText(/^(未知|Unknown)$/);
    await expect(status).toBeInViewport();
    const statusBox = (await status.boundingBox())!;
    const actionsBox = (await row.getByRole('button', { name: /更多|More/ }).boundingBox())!;
    expect(statusBox.x + statusBox.width).toBeLessThan(actionsBox.x);
    await expect(await command(/抓\s*拍|Snapshot/)).toHaveAttribute('aria-disabled', 'true');
    await expect(page.getByText(/设备离线，无法操作|offline/)).toBeVisible();
    await page.keyboard.press('Escape');

    // The device dials in; the row turns online with no reload (the live stream patches the list).
    const navigations: string[] = [];
    page.on('framenavigated', (frame) => {
      if (frame === page.mainFrame()) navigations.push(frame.url());
    });
    const device = dialSim(granted, 'face', { name: devName });
    await expect(row.getByText(/^(在线|Online)$/)).toBeVisible({ timeout: 15_000 });
    expect(navigations).toEqual([]);

    // Snapshot: the modal shows the JPEG the device rendered.
    await (await command(/抓\s*拍|Snapshot/)).click();
    const picture = page.getByTestId('device-snapshot');
    await expect(picture).toBeVisible({ timeout: 15_000 });
    await expect(picture).toHaveAttribute('src', /^data:image\/jpeg;base64,/);
    expect(await picture.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);
    // Closed by its close button: Escape on dialogs is keyboard.spec's (here, beside other tests, a
    // popup that opened after this dialog once took the Escape — antd gives it to the newest popup).
    await page
      .getByRole('dialog')
      .filter({ has: picture })
      .getByRole('button', { name: /^(关闭|Close)$/ })
      .click();
    await expect(picture).toBeHidden();

    // Open door: confirm, then the device's answer (door and time) is shown.
    await (await command(/开\s*门|Open door/)).click();
    await page
      .getByRole('dialog')
      .getByRole('button', { name: /^(确\s*定|OK|Yes)$/ })
      .click();
    await expect(page.getByText(/1 号门已打开（\d{2}:\d{2}:\d{2}）|Door 1 opened \(\d{2}:\d{2}:\d{2}\)/)).toBeVisible({
      timeout: 15_000,
    });

    // Terminal: the device's prompt, then the output of a typed command.
    await (await command(/终\s*端|Terminal/)).click();
    const terminal = page.getByTestId('device-terminal');
    await expect(terminal).toContainText(`${sn}@siteops:~$`, { timeout: 15_000 });
    await terminal.click();
    await page.keyboard.type('uptime');
    await page.keyboard.press('Enter');
    await expect(terminal).toContainText(/up \d+ days,.*load average:/, { timeout: 10_000 });

    // The device ends the shell (`exit`): the terminal dialog closes by itself.
    await page.keyboard.type('exit');
    await page.keyboard.press('Enter');
    await expect(terminal).toBeHidden({ timeout: 10_000 });

    // Reboot: confirmed, the device drops its link and dials again; the row follows live both ways.
    await (await command(/重\s*启|Reboot/)).click();
    await page
      .getByRole('dialog')
      .getByRole('button', { name: /^(确\s*定|OK|Yes)$/ })
      .click();
    await expect(page.getByText(/已发送重启指令|Reboot sent/)).toBeVisible({ timeout: 15_000 });
    await expect(row.getByText(/^(离线|Offline)$/)).toBeVisible({ timeout: 15_000 });
    await expect(row.getByText(/^(在线|Online)$/)).toBeVisible({ timeout: 30_000 });

    // The device goes away: the row turns offline live, and its commands are disabled again.
    await device.stop();
    await expect(row.getByText(/^(离线|Offline)$/)).toBeVisible({ timeout: 15_000 });
    await expect(await command(/终\s*端|Terminal/)).toHaveAttribute('aria-disabled', 'true');
  });
});
