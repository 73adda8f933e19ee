import { createHash } from 'node:crypto';
import type { Page } from '@playwright/test';
import { api, createUser, openConsole, pickOption, slowMachineSpec, uniqueName, urlOf, loginTo } from './support';
import { adminProject } from './adminSetup';
import { userApi } from '@siteops/contracts/user/api';
import { fileApi } from '@siteops/contracts/file/api';
import { greyFacePhoto } from './forms';
import { projectGate, test } from './simDevice';

/**
 * Issue 11's project personnel on the gate, as a gate office sees it: a user with a face photo added to
 * the personnel of a project in the console is enrolled as worker `U<id>` on the project's authorised
 * face terminal (a simulator over the real device link) and shows in the terminal's face library, synced;
 * removed from the personnel, the terminal loses them and the face library no longer lists them.
 */
const expect = slowMachineSpec(test, 240_000);

/** A real JPEG face photo (a flat grey 240x320, each run a different shade so its hash is its own). */
const facePhoto = () => greyFacePhoto(60 + Math.floor(Math.random() * 140));

const rows = (page: Page) => page.locator('main .ant-table-tbody tr.ant-table-row');

test('a member with a face photo added to the project personnel is enrolled on its face terminal, and leaves it when removed', async ({
  page,
  request,
  dialSim,
}) => {
  const { admin, projectId, projectName } = await adminProject(request, 'Crew site', 'CS');

  // The project's face terminal, online through the simulator, authorised on its visitor device list.
  const {
    granted: gate,
    devName,
    device,
  } = await projectGate(request, admin, dialSim, {
    projectId,
    prefix: 'E2ECREW',
    devName: () => `e2e crew gate ${Math.random().toString(36).slice(2, 7)}`,
  });

  // A worker (a user of no agent, as the admin's project is) with a real JPEG as avatar.
  const realName = uniqueName('Zhao Gong');
  const worker = await createUser(request, 'user', 'Passw0rd!e2e', { realName });
  const { list } = await api(request, userApi.listAll, { userName: worker.username }, admin);
  expect(list).toHaveLength(1);
  const personId = `U${list[0].id}`;
  const photo = facePhoto();
  const upload = await request.post(urlOf(fileApi.upload, { kind: 'avatar' }), {
    headers: { authorization: `Bearer ${admin}` },
    multipart: { file: { name: 'face.jpg', mimeType: 'image/jpeg', buffer: photo } },
  });
  const avatar = ((await upload.json()) as { data: { id: string } }).data.id;
  await api(request, userApi.update, { id: list[0].id, avatar }, admin);

  // The gate office: the terminal on the visitor device list, online; its face library holds nobody yet.
  await loginTo(page, `/visitor/device-authorize?keyword=${encodeURIComponent(gate.sn)}`);
  await expect(rows(page)).toHaveCount(1);
  await expect(rows(page).first()).toContainText(devName);
  await expect(rows(page).first()).toContainText(projectName);
  await openConsole(page, `/device/face-list?sn=${encodeURIComponent(gate.sn)}`);
  const row = page.getByRole('row').filter({ hasText: gate.sn });
  await expect(row).toContainText('在线', { timeout: 60_000 });
  await row.getByRole('button', { name: /更多|More/ }).click();
  await page.getByRole('menuitem', { name: '人脸库' }).click();
  const library = page.getByRole('dialog').filter({ hasText: `人脸库：${devName}` });
  await expect(library.locator('.ant-table-placeholder')).toBeVisible();
  expect(device.faces!.get(personId)).toBeUndefined();

  // The personnel page, in a second tab: the user is added to the project.
  const office = await page.context().newPage();
  await openConsole(office, `/project/project-User?projectId=${projectId}`);
  await office.getByRole('button', { name: /添加人员/ }).click();
  const adding = office.getByRole('dialog', { name: /添加人员/ });
  await pickOption(office, adding.getByLabel('人员'), worker.username);
  await office.keyboard.press('Escape');
  await adding.getByRole('button', { name: /保\s*存/ }).click();
  await expect(office.getByText('已添加 1 人')).toBeVisible();
  await expect(adding).toBeHidden();
  const member = rows(office).filter({ hasText: worker.username });
  await expect(member).toContainText(realName);

  // The terminal really holds the worker, with the avatar as its photo, and for good.
  await expect
    .poll(() => device!.faces!.get(personId), { timeout: 30_000 })
    .toMatchObject({
      name: realName,
      role: 'worker',
      photoSha256: createHash('sha256').update(photo).digest('hex'),
    });
  // The face library, still open in the first tab (it looks again every few seconds), lists the worker, synced.
  await page.bringToFront();
  const person = library.getByRole('row').filter({ hasText: personId });
  await expect(person).toContainText(realName);
  await expect(person).toContainText('项目人员');
  await expect(person).toContainText('长期有效');
  await expect(library.getByTestId(`face-state-${personId}`)).toHaveText('已同步');

  // Removed from the personnel: the terminal loses the worker and the face library no longer lists them.
  await office.bringToFront();
  await member.getByRole('button', { name: /移\s*除/ }).click();
  const confirm = office.locator('.ant-popconfirm').filter({ hasText: '确定要将选中的人员移出该项目吗？' });
  await confirm.getByRole('button', { name: /确\s*定/ }).click();
  await expect(office.getByText('已移除 1 人')).toBeVisible();
  await expect(member).toHaveCount(0);
  await expect.poll(() => device!.faces!.get(personId), { timeout: 30_000 }).toBeUndefined();
  await page.bringToFront();
  await expect(person).toHaveCount(0);
  await expect(library.locator('.ant-table-placeholder')).toBeVisible();
  expect(device.reportPass(personId, 'in').passed, 'a worker who left is a stranger at the gate').toBe(false);
});
