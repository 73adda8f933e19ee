import { expect, test, type APIRequestContext } from '@playwright/test';
import { createSimDevice, type SimDevice } from '@siteops/device-sim/device';
import { ADMIN, api, apiLogin, client, createUser, type Envelope, grantDevice, login } from './support';
import type { Endpoint } from '@siteops/contracts/shared/endpoint';
import { constantApi } from '@siteops/contracts/constant/api';
import { userApi } from '@siteops/contracts/user/api';
import { deviceApi } from '@siteops/contracts/device/api';
import { openBellBox } from './uiSteps';

/**
 * The message box fed by a real event: a simulated device of an agent's goes offline, and the agent's
 * open console (no reload) counts it on the bell and pops it up; opening it goes to the device and
 * marks it read; the device back online is a second one, and "all read" clears the bell.
 */

/** A declared endpoint as `token`: its envelope, whatever its code. */
async function call<T>(request: APIRequestContext, token: string, endpoint: Endpoint, input: object = {}) {
  return (await client(request).unchecked(endpoint, input, token)).body as Envelope<T>;
}

const OFFLINE_KEY = 'notification.deviceOfflineSeconds';

/** Notify as soon as a device is offline (the default waits 5 minutes); answers how to put it back. */
async function notifyAtOnce(request: APIRequestContext, admin: string) {
  const added = await call<{ id: number }>(request, admin, constantApi.add, { key: OFFLINE_KEY, value: '0' });
  if (added.code === 200) {
    return () => call(request, admin, constantApi.update, { id: added.data.id, value: '300' });
  }
  const found = await call<{ list: { id: number; value: string }[] }>(request, admin, constantApi.listAll, {
    key: OFFLINE_KEY,
  });
  const { id, value } = found.data.list[0];
  expect((await call(request, admin, constantApi.update, { id, value: '0' })).code).toBe(200);
  return () => call(request, admin, constantApi.update, { id, value });
}

test.describe('notifications', () => {
  let device: SimDevice | undefined;
  let restore: (() => Promise<unknown>) | undefined;

  test.afterEach(async () => {
    await device?.stop();
    device = undefined;
    await restore?.();
  });

  test('a device going offline reaches its agent live; open marks read; all read clears the bell', async ({
    page,
    request,
    baseURL,
  }) => {
    test.setTimeout(180_000);
    const admin = await apiLogin(request, ADMIN);
    const agent = await createUser(request, 'agent');
    const agentToken = await apiLogin(request, agent);
    const { agentId } = (await call<{ agentId: number }>(request, agentToken, userApi.info)).data;

    const granted = await grantDevice(request, admin, { type: 'face', prefix: 'E2ENOTE' });
    const { sn, mac } = granted;
    const devName = `e2e 通知 ${sn.slice(-5)}`;
    await api(request, deviceApi.update, { id: granted.id, devName, agentId }, admin);
    restore = await notifyAtOnce(request, admin);

    await login(page, agent);
    const bell = (unread?: number) => page.getByRole('button', { name: unread ? `消息，${unread} 条未读` : /^消息$/ });
    await expect(bell()).toBeVisible();

    const dial = () =>
      createSimDevice({
        url: `${baseURL!.replace(/^http/, 'ws')}/gateway`,
        sn,
        mac,
        secret: granted.secret,
        type: 'face',
        name: devName,
        eventRate: 0,
        telemetryMs: 0,
      });
    device = dial();
    await device.waitFor('up', 30_000);
    await device.stop();

    // Live: the bell counts it and it pops up, with no reload.
    const offlineTitle = `设备离线：${devName}`;
    await expect(bell(1)).toBeVisible({ timeout: 45_000 });
    await expect(page.locator('.ant-notification').getByText(offlineTitle)).toBeVisible();

    // Opening it follows its link to the device and marks it read.
    await openBellBox(page, bell(1));
    const item = page.getByRole('button', { name: new RegExp(offlineTitle) });
    await item.click();
    await expect(page).toHaveURL(new RegExp(`/device/device-list\\?sn=${sn}`));
    await expect(bell()).toBeVisible();

    // Back online is another; "all read" clears the bell.
    device = dial();
    await device.waitFor('up', 30_000);
    await expect(bell(1)).toBeVisible({ timeout: 45_000 });
    await openBellBox(page, bell(1));
    await expect(page.getByRole('button', { name: new RegExp(`设备恢复在线：${devName}`) })).toBeVisible();
    await page.getByRole('button', { name: /全部已读/ }).click();
    await expect(bell()).toBeVisible();
    await expect(page.getByRole('tab', { name: /消息/ })).not.toContainText(/\d/);
  });
});
