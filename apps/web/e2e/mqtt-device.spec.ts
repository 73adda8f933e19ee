import { addPassedVisitor, openConsole, slowMachineSpec, uniqueName, loginTo } from './support';
import { adminProject } from './adminSetup';
import { greyFacePhoto } from './forms';
import { projectGate, test } from './simDevice';

/**
 * Issue 31: a face terminal on the MQTT transport (the server's embedded broker, E2E_MQTT_PORT) is a
 * terminal like any other: it gets a passed visitor, its pass shows in the console, and the device's
 * detail says it links over MQTT.
 */
const expect = slowMachineSpec(test, 180_000);

test('an MQTT face terminal gets a visitor and reports a pass; its detail says MQTT', async ({
  page,
  request,
  dialSim,
  baseURL,
}) => {
  const { admin, projectId } = await adminProject(request, 'MQTT site', 'MQ');
  const { granted, devName, device } = await projectGate(request, admin, dialSim, {
    projectId,
    prefix: 'E2EMQTT',
    devName: (sn) => `mqtt gate ${sn.slice(-5)}`,
    more: { url: `mqtt://127.0.0.1:${process.env.E2E_MQTT_PORT}`, httpUrl: baseURL },
  });

  const name = uniqueName('Mqtt Visitor');
  const visitorId = await addPassedVisitor(request, admin, {
    projectId,
    realName: name,
    phone: '13700137001',
    photo: greyFacePhoto(120),
  });
  const personId = `V${visitorId}`;
  // The person sync (RPC over MQTT, the photo fetched over HTTP by its signed URL) reached the terminal.
  await expect.poll(() => device.faces!.get(personId)?.name, { timeout: 30_000 }).toBe(name);

  expect(device.reportPass(personId, 'in').passed).toBe(true);
  await loginTo(page, `/visitor/pass-records?visitorId=${visitorId}`);
  const record = page.getByRole('row').filter({ hasText: personId });
  await expect(record).toContainText(name);
  await expect(record).toContainText(devName);

  await openConsole(page, `/device/face-list?sn=${encodeURIComponent(granted.sn)}`);
  const row = page.getByRole('row').filter({ hasText: granted.sn });
  await row.getByRole('button', { name: /查\s*看/ }).click();
  const detail = page.getByRole('dialog').filter({ hasText: granted.sn });
  await expect(detail).toContainText('接入方式');
  await expect(detail).toContainText('MQTT');
});
