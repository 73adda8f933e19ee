import { createHmac } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { expect, test } from '@playwright/test';
import { ADMIN, addProject, apiLogin, pickOption, uniqueName, loginTo } from './support';
import { confirmPopup } from './uiSteps';

/**
 * The Escalation page end to end: an admin adds a signed webhook channel to a project through the
 * drawer (its address and secret then read only as "set"), sends a test that a real receiver gets with
 * a valid signature and sees it in the channel's log, builds the project's chain on that channel, is
 * refused deleting the channel while the chain uses it (the confirmation names the chain), and deletes it
 * once the chain is gone.
 */
test('a project’s webhook channel: added, tested against a real receiver, logged, used by the chain, deleted', async ({
  page,
  request,
}) => {
  test.setTimeout(120_000);
  const received: { headers: http.IncomingHttpHeaders; body: string }[] = [];
  const receiver = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      received.push({ headers: req.headers, body: Buffer.concat(chunks).toString('utf8') });
      res.writeHead(200, { 'content-type': 'text/plain' }).end('received');
    });
  });
  await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
  const { port } = receiver.address() as AddressInfo;
  try {
    const token = await apiLogin(request, ADMIN);
    const site = await addProject(request, token, { label: 'E2E 升级工地', codePrefix: 'ESC' });
    const channelName = uniqueName('值班系统');
    const secret = 'e2e-webhook-secret';

    await loginTo(page, `/alarm/alarm-escalation?projectId=${site.id}`);
    await expect(page.getByText('该项目没有升级链')).toBeVisible();

    // The channel, through the drawer.
    await page.getByRole('button', { name: '添加通道' }).click();
    const drawer = page.locator('.ant-drawer').filter({ hasText: '添加通道' });
    await drawer.getByLabel('名称').fill(channelName);
    await drawer.getByLabel('类型').click();
    await page.locator('.ant-select-item-option', { hasText: /^Webhook$/ }).click();
    await drawer.getByLabel('地址').fill(`http://127.0.0.1:${port}/siteops?token=hidden-token`);
    await drawer.getByLabel('密钥').fill(secret);
    await drawer.getByRole('button', { name: /保\s*存/ }).click();
    await expect(drawer).toBeHidden();
    const row = page.getByRole('row').filter({ hasText: channelName });
    await expect(row).toContainText('地址: 已设置');
    await expect(row).toContainText('密钥: 已设置');
    await expect(page.getByText('hidden-token')).toHaveCount(0);

    // Send a test: the receiver gets it signed; the console says it went, and the log shows it.
    await row.getByRole('button', { name: '发送测试' }).click();
    await expect(page.getByText('测试已送达（HTTP 200）')).toBeVisible();
    expect(received).toHaveLength(1);
    const [got] = received;
    const timestamp = got.headers['x-siteops-timestamp'] as string;
    const expected = createHmac('sha256', secret).update(`${timestamp}.${got.body}`).digest('hex');
    expect(got.headers['x-siteops-signature']).toBe(`sha256=${expected}`);
    await row.getByRole('button', { name: '记录' }).click();
    const log = page.locator('.ant-drawer').filter({ hasText: `${channelName} 的发送记录` });
    await expect(log.getByRole('row').filter({ hasText: '测试' })).toContainText('已送达');
    await expect(log.getByRole('row').filter({ hasText: '测试' })).toContainText('received');
    await page.keyboard.press('Escape');
    await expect(log).toBeHidden();

    // The chain: step 1 at once to the project's managers through the channel.
    await page.getByRole('button', { name: '创建升级链' }).click();
    const chainDrawer = page.locator('.ant-drawer').filter({ hasText: '创建升级链' });
    await chainDrawer.getByLabel('名称').fill('扬尘超标');
    await pickOption(page, chainDrawer.getByLabel('通道'), channelName);
    await chainDrawer.getByRole('button', { name: /保\s*存/ }).click();
    await expect(chainDrawer).toBeHidden();
    const chain = page.locator('.ant-card').filter({ hasText: '升级链' }).first();
    await expect(chain).toContainText('第 1 步 · 立即');
    await expect(chain).toContainText('项目经理');
    await expect(chain).toContainText(channelName);

    // A channel the chain uses: the confirmation names the chain, and the server keeps it.
    await row.getByRole('button', { name: /删\s*除/ }).click();
    await confirmPopup(page, `正被升级链 扬尘超标（项目 ${site.name}）使用`);
    await expect(page.getByText(`通道 ${channelName} 正被升级链 扬尘超标（项目 ${site.name}）使用`)).toBeVisible();
    await expect(row).toHaveCount(1);

    // Without the chain, the channel is deleted after the confirmation.
    await chain.getByRole('button', { name: '删除升级链' }).click();
    await confirmPopup(page, '确定要删除吗？');
    await expect(page.getByText('该项目没有升级链')).toBeVisible();
    await row.getByRole('button', { name: /删\s*除/ }).click();
    await confirmPopup(page, '确定要删除吗？');
    await expect(row).toHaveCount(0);
  } finally {
    await new Promise<void>((resolve) => receiver.close(() => resolve()));
  }
});
