import { randomInt } from 'node:crypto';
import { Hj212Monitor } from '@siteops/device-sim/hj212Monitor';
import { deviceApi } from '@siteops/contracts/device/api';
import { api, slowMachineSpec, loginTo } from './support';
import { adminDevice } from './adminSetup';
import { test } from './simDevice';

/**
 * Issue 31: a dust monitor that speaks HJ 212-2017 over TCP (the server's HJ212_PORT, E2E_HJ212_PORT)
 * links with its MN and access password, and its readings show live on the dust page with the data flag
 * it sends (M: maintenance) beside each value.
 */
const expect = slowMachineSpec(test, 180_000);

test('an HJ 212 monitor in maintenance: its readings appear live on the dust page, each with its M flag', async ({
  page,
  request,
}) => {
  const { admin, granted } = await adminDevice(request, { type: 'dust', prefix: 'E2EHJ' });
  const mn = `E2E${String(randomInt(1e9)).padStart(9, '0')}${String(randomInt(1e9)).padStart(12, '0')}`.slice(0, 24);
  await api(
    request,
    deviceApi.update,
    { id: granted.id, devName: `HJ212 ${granted.sn.slice(-5)}`, hj212Mn: mn, hj212Pw: '246810' },
    admin,
  );

  await loginTo(page, `/device/dust-monitor?sn=${encodeURIComponent(granted.sn)}`);
  const row = page.getByRole('row').filter({ hasText: granted.sn });
  await expect(row).toBeVisible();
  await expect(row.getByTestId('data-flag-a34002')).toHaveCount(0);

  const monitor = new Hj212Monitor({
    host: '127.0.0.1',
    port: Number(process.env.E2E_HJ212_PORT),
    mn,
    pw: '246810',
    rtdIntervalS: 2,
    dataFlag: 'M',
  });
  try {
    // No reload: the page follows the device's live topic.
    await expect(row.getByTestId('data-flag-a34002')).toHaveText('M');
    await expect(row.getByTestId('data-flag-a34004')).toHaveText('M');
    await expect(row).toContainText('在线');
  } finally {
    await monitor.stop();
  }
});
