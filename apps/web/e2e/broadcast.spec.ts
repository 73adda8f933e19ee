import { expect } from '@playwright/test';
import { ADMIN, apiLogin, grantDevice, loginTo } from './support';
import { adminDevice } from './adminSetup';
import { test } from './simDevice';

/**
 * Broadcast campaigns end to end: a cloud speaker granted through the API and dialled in by the
 * simulator; the step form refuses the spec's wrong fields, schedules a campaign a few seconds ahead,
 * the speaker plays it at that time, and the list shows it played. A submit the server refuses lands
 * on the error result page, whose "Return For Correction" brings the form back with the field's error.
 */

/** Local wall time as the date picker types it (the browser runs on this machine's time zone). */
const pickerText = (d: Date) => {
  const p = (n: number) => String(n).padStart(2, '0');
  return `${d.getFullYear()}-${p(d.getMonth() + 1)}-${p(d.getDate())} ${p(d.getHours())}:${p(d.getMinutes())}:${p(d.getSeconds())}`;
};

test.describe('broadcast campaigns', () => {
  test('a campaign scheduled through the step form plays on a simulated speaker at its time', async ({
    page,
    request,
    dialSim,
  }) => {
    test.setTimeout(240_000);
    const token = await apiLogin(request, ADMIN);
    const devName = `e2e 广播 ${Date.now() % 100000}`;
    const d = await grantDevice(request, token, { type: 'broadcast', prefix: 'E2EBC', devName });
    const speaker = dialSim(d, 'broadcast');
    await speaker.waitFor('up', 30_000);

    await loginTo(page, '/device/broadcast-campaign');
    await page.getByRole('button', { name: '新建广播任务' }).click();
    const form = page.getByRole('form', { name: '新建广播任务' });

    // Step 1: the spec's field errors, then valid values.
    const name = form.getByLabel('活动名称');
    await name.fill('安全生产月广播通知活动名称超过二十个字符了');
    await form.getByLabel('推广链接').fill('ftp://example.com');
    await form.getByLabel('广告内容').fill(Array(201).fill('word').join(' '));
    await page.getByRole('button', { name: '下一步' }).click();
    await expect(form.getByText('活动名称最多 20 个字符')).toBeVisible();
    await expect(form.getByText('推广链接必须以 http:// 或 https:// 开头')).toBeVisible();
    await expect(form.getByText('广告内容最多 200 字')).toBeVisible();
    const title = `安全周 ${Date.now() % 10000}`;
    await name.fill(title);
    await form.getByLabel('推广链接').fill('https://example.com/safety');
    await form.getByLabel('广告内容').fill('进入工地请佩戴安全帽。');
    await page.getByRole('button', { name: '下一步' }).click();

    // Step 2: the speaker, at a time a little ahead.
    await form.getByLabel('广播设备').click();
    await page.locator('.ant-select-item-option', { hasText: d.sn }).click();
    await page.keyboard.press('Escape');
    await form.getByText('定时', { exact: true }).click();
    const at = new Date(Date.now() + 30_000);
    const picker = form.getByLabel('播放时刻');
    await picker.click();
    await picker.fill(pickerText(at));
    await picker.press('Enter');
    await page.getByRole('button', { name: '下一步' }).click();

    // Step 3: confirm and submit.
    await expect(page.getByText('将由 1 台广播设备播放')).toBeVisible();
    await page.getByRole('button', { name: '提交' }).click();
    await expect(page.getByText('提交成功')).toBeVisible({ timeout: 30_000 });
    await expect(page.getByText(`广播任务“${title}”已排期`)).toBeVisible();
    expect(speaker.played).toHaveLength(0);
    await page.getByRole('button', { name: '查看广播任务' }).click();

    // The list shows the campaign and, once its time has come, what the speaker did: without a reload,
    // and with nothing polling, the campaign's live topic (campaign:<id>) brings the outcome and status.
    const row = page.getByRole('row').filter({ hasText: title });
    await expect(row.getByText('已排期')).toBeVisible({ timeout: 30_000 });
    await expect(page.getByText(/尚未播放：首次播放在/)).toBeVisible();
    await expect(page.getByRole('cell', { name: '已播放', exact: true })).toBeVisible({ timeout: 90_000 });
    await expect(page.getByRole('cell', { name: new RegExp(devName) })).toBeVisible();
    await expect(row.getByText('已结束')).toBeVisible({ timeout: 30_000 });
    expect(speaker.played).toHaveLength(1);
    expect(speaker.played[0]).toMatchObject({ title, text: '进入工地请佩戴安全帽。', voice: 'female', volume: 60 });
    expect(Date.parse(speaker.played[0].at)).toBeGreaterThanOrEqual(Math.floor(at.getTime() / 1000) * 1000);
  });

  test('a submit the server refuses lands on the error result page; return for correction keeps the form', async ({
    page,
    request,
  }) => {
    test.setTimeout(180_000);
    const { granted: d } = await adminDevice(request, {
      type: 'broadcast',
      prefix: 'E2EBC',
      devName: `e2e 广播离线 ${Date.now() % 100000}`,
    });
    await loginTo(page, '/device/broadcast-campaign?new=1');
    const form = page.getByRole('form', { name: '新建广播任务' });
    await form.getByLabel('活动名称').fill('超长内容');
    await form.getByLabel('推广链接').fill('https://example.com');
    // 100 words, but longer than a speaker's text-to-speech takes (2000 characters): only the server knows.
    await form.getByLabel('广告内容').fill(Array(100).fill('x'.repeat(24)).join(' '));
    await page.getByRole('button', { name: '下一步' }).click();
    await form.getByLabel('广播设备').click();
    await page.locator('.ant-select-item-option', { hasText: d.sn }).click();
    await page.keyboard.press('Escape');
    await page.getByRole('button', { name: '下一步' }).click();
    await page.getByRole('button', { name: '提交' }).click();

    await expect(page.getByText('提交失败')).toBeVisible({ timeout: 30_000 });
    await expect(page.getByText('请核对修改信息后，再重试一次')).toBeVisible();
    await expect(page.getByRole('button', { name: '返回', exact: true })).toBeVisible();
    await page.getByRole('button', { name: '返回修改' }).click();
    await expect(form.getByLabel('活动名称')).toHaveValue('超长内容');
    await expect(form.getByText('内容 最多 2000 个字符')).toBeVisible();
  });
});
