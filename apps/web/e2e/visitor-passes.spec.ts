import { addPassedVisitor, openConsole, slowMachineSpec, uniqueName, loginTo } from './support';
import { adminProject } from './adminSetup';
import { greyFacePhoto } from './forms';
import { projectGate, test } from './simDevice';

/**
 * Issue 11's face library and pass records end to end: a valid visitor published to a simulated face
 * terminal shows in the terminal's face library as synced; the terminal reports the visitor passing,
 * which shows in the open pass-record list without a reload and on the visitor's info modal.
 */
const expect = slowMachineSpec(test, 240_000);

const face = () => greyFacePhoto(120);

test('a visitor published to a face terminal is synced in its face library, passes, and the pass shows', async ({
  page,
  request,
  dialSim,
}) => {
  const { admin, projectId } = await adminProject(request, 'Pass site', 'PS');

  // A face terminal of the project, linked through the simulator, on the project's visitor device list.
  // Named after its serial number, which the grant makes up.
  const { granted, devName, device } = await projectGate(request, admin, dialSim, {
    projectId,
    prefix: 'E2EGATE',
    devName: (sn) => `e2e gate ${sn.slice(-5)}`,
  });
  const { sn } = granted;

  // A visitor with a face photo, passed: the terminal gets it.
  const name = uniqueName('Gao Visitor');
  const visitorId = await addPassedVisitor(request, admin, {
    projectId,
    realName: name,
    phone: '13700137000',
    photo: face(),
  });
  const personId = `V${visitorId}`;
  await expect.poll(() => device!.faces!.get(personId)?.name, { timeout: 20_000 }).toBe(name);

  // The device row's "more" menu opens the face library: the visitor is there, synced.
  await loginTo(page, `/device/face-list?sn=${encodeURIComponent(sn)}`);
  const row = page.getByRole('row').filter({ hasText: sn });
  await expect(row).toBeVisible({ timeout: 60_000 });
  await row.getByRole('button', { name: /更多|More/ }).click();
  await page.getByRole('menuitem', { name: '人脸库' }).click();
  const library = page.getByRole('dialog').filter({ hasText: `人脸库：${devName}` });
  const person = library.getByRole('row').filter({ hasText: name });
  await expect(person).toContainText(personId);
  await expect(library.getByTestId(`face-state-${personId}`)).toHaveText('已同步');
  await library.getByRole('button', { name: /Close|关闭/ }).click();

  // The pass-record list for this visitor is open, still empty, when the visitor passes: the pass shows
  // without a reload once the server has stored it (the page follows the live topic `fleet`).
  const subscribed = page.waitForEvent('websocket').then((ws) =>
    ws.waitForEvent('framereceived', {
      predicate: (f) => /"type":"subscribed"/.test(String(f.payload)) && String(f.payload).includes('"fleet"'),
      timeout: 30_000,
    }),
  );
  await openConsole(page, `/visitor/pass-records?visitorId=${visitorId}`);
  await subscribed;
  await expect(page.getByRole('row').filter({ hasText: personId })).toHaveCount(0);

  // Someone shows the visitor's face at the gate: a pass naming the visitor.
  const outcome = device.reportPass(personId, 'in');
  expect(outcome.passed).toBe(true);
  const record = page.getByRole('row').filter({ hasText: personId });
  await expect(record).toContainText(name, { timeout: 30_000 });
  await expect(record).toContainText(devName);
  await expect(record).toContainText('访客');
  await expect(record).toContainText('进');
  await expect(record).toContainText('人脸');

  // The visitor's info modal lists its last passes.
  await openConsole(page, `/visitor/visitor-List?realName=${encodeURIComponent(name)}`);
  const visitorRow = page.getByRole('row').filter({ hasText: name });
  await visitorRow.getByRole('button', { name: /查\s*看/ }).click();
  const info = page.getByRole('dialog').filter({ hasText: `访客：${name}` });
  const passes = info.getByTestId('visitor-last-passes');
  await expect(passes).toContainText('最近通行');
  await expect(passes.getByRole('row').filter({ hasText: devName })).toContainText('进');
  await passes.getByRole('link', { name: '全部通行记录' }).click();
  await expect(page).toHaveURL(new RegExp(`/visitor/pass-records\\?visitorId=${visitorId}`));
});
