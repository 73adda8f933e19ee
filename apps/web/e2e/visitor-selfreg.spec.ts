import { expect as baseExpect, test } from '@playwright/test';
import { api, createUser, login, uniqueName, loginTo } from './support';
import { adminProject } from './adminSetup';
import { userApi } from '@siteops/contracts/user/api';
import { projectApi } from '@siteops/contracts/project/api';
import { visitorApi } from '@siteops/contracts/visitor/api';
import { greyFacePhoto } from './forms';
import { confirmPopup } from './uiSteps';
import { appointManager, userIdOf } from './people';

test.use({ reducedMotion: 'reduce' });
// The machine is shared by several engineers' builds and tests: pages can take seconds to load.
test.describe.configure({ timeout: 240_000 });
const expect = baseExpect.configure({ timeout: 30_000 });

const PHONE = { width: 390, height: 844 };

/** A phone camera's face photo (a real JPEG the server's content check accepts). */
const face = () => greyFacePhoto(150);

test('a visitor registers from the project QR code on a phone, the manager approves, the phone shows the pass', async ({
  browser,
  baseURL,
  page,
  request,
}) => {
  const { admin, projectId, projectName } = await adminProject(request, 'Gate site', 'SR');
  const { manager } = await appointManager(request, admin, projectId);
  const host = await createUser(request, 'user');
  const hostId = await userIdOf(request, admin, host.username);
  await api(request, userApi.update, { id: hostId, nickName: 'Host Chen' }, admin);
  await api(request, projectApi.addMembers, { projectId, userIds: [hostId] }, admin);
  await api(
    request,
    visitorApi.publishConfig,
    {
      projectId,
      requiredFields: ['avatar', 'userId'],
      defaultVisitHours: 4,
      autoApprove: false,
      notice: 'Helmets on at all times',
      deviceIds: [],
    },
    admin,
  );

  // The admin's configure page has the printable QR card with the link.
  await loginTo(page, `/visitor/visitor-config?keyword=${encodeURIComponent(projectName)}`);
  await page.getByRole('button', { name: '登记二维码' }).click();
  const card = page.getByTestId('reg-card');
  await expect(card).toContainText(projectName);
  await expect(card.locator('.ant-qrcode svg')).toBeVisible();
  const link = (await card.getByTestId('reg-link').getAttribute('href'))!;
  expect(link).toMatch(/\/visit\/[\w-]{32,}$/);

  // The visitor's phone: no session, phone-sized, Chinese by default.
  const phoneContext = await browser.newContext({
    baseURL,
    viewport: PHONE,
    isMobile: true,
    hasTouch: true,
    locale: 'zh-CN',
  });
  const phone = await phoneContext.newPage();
  await phone.goto(link);
  await expect(phone.getByRole('heading', { name: projectName })).toBeVisible({ timeout: 90_000 });
  await expect(phone.getByText('Helmets on at all times')).toBeVisible();
  // Nothing of the console around it, and nothing wider than the phone.
  await expect(phone.getByTestId('console-layout')).toHaveCount(0);
  expect(await phone.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);

  // The configured fields are required before anything is sent.
  await phone.getByRole('button', { name: '提交登记' }).click();
  await expect(phone.getByText('请填写姓名')).toBeVisible();
  await expect(phone.getByText('请填写人脸照片')).toBeVisible();
  await expect(phone.getByText('请确认已阅读访客须知')).toBeVisible();

  // A file that is not a photo is refused with the server's reason; a real photo is taken.
  const album = phone.getByTestId('photo-album');
  await album.setInputFiles({ name: 'notes.jpg', mimeType: 'image/jpeg', buffer: Buffer.from('not a photo') });
  await expect(phone.getByRole('alert').filter({ hasText: 'JPEG 或 PNG' })).toBeVisible();
  await expect(phone.getByTestId('photo-camera')).toHaveAttribute('capture', 'user');
  await phone.getByTestId('photo-camera').setInputFiles({ name: 'face.jpg', mimeType: 'image/jpeg', buffer: face() });
  await expect(phone.getByRole('img', { name: '您的人脸照片' })).toBeVisible();

  const visitor = uniqueName('Walk-in');
  await phone.getByLabel('姓名').fill(visitor);
  await phone.getByLabel('手机号').fill('13600136000');
  await phone.getByLabel('被访人').click();
  await phone.locator('.ant-select-item-option').filter({ hasText: 'Host Chen' }).click();
  await phone.getByLabel('来访事由').fill('Concrete delivery');
  await phone.getByText('我已阅读访客须知').click();
  await phone.getByRole('button', { name: '提交登记' }).click();
  const status = phone.getByTestId('selfreg-status');
  await expect(status).toContainText('等待审核');
  await expect(status).toContainText(visitor);

  // The manager has a to-do that opens the audit page on this visitor, and passes it there.
  const managerContext = await browser.newContext({ baseURL, locale: 'zh-CN' });
  const desk = await managerContext.newPage();
  await login(desk, manager);
  const bell = desk.getByRole('button', { name: /^消息，\d+ 条未读$/ });
  await bell.click();
  await desk.getByRole('tab', { name: /待办/ }).click();
  await desk.getByRole('button', { name: new RegExp(`待审核访客：${visitor}`) }).click();
  await expect(desk).toHaveURL(/\/visitor\/visitor-audit\?tab=new/);
  const row = desk.locator('main .ant-table-tbody tr.ant-table-row').filter({ hasText: visitor });
  await expect(row).toHaveCount(1);
  await row.getByRole('button', { name: /审\s*核/ }).click();
  const audit = desk.getByRole('dialog').filter({ hasText: `审核访客：${visitor}` });
  await audit.getByRole('button', { name: /^通\s*过$/ }).click();
  await confirmPopup(desk);
  await expect(desk.getByText('访客已审核通过')).toBeVisible();

  // The phone picks the approval up by itself and shows the pass; it is still there after a reload.
  await expect(status).toContainText('已通过', { timeout: 45_000 });
  await expect(phone.getByTestId('selfreg-pass')).toBeVisible();
  await phone.reload();
  await expect(phone.getByTestId('selfreg-pass')).toBeVisible({ timeout: 90_000 });

  // The visitor's language: English on the switch, the page's words follow.
  await phone.getByText('English').click();
  await expect(phone.getByTestId('selfreg-status')).toContainText('Approved');
  await expect(phone.getByText('Show this QR code at the gate')).toBeVisible();
  await phoneContext.close();
  await managerContext.close();
});
