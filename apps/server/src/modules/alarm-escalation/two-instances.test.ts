import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { alarmApi } from '@siteops/contracts/alarm/api';
import { alarms, devices } from '../../db/schema/index.ts';
import { startTwoInstances, twoInstancesForSuite, twoInstancesSkipped } from '../device-link/twoInstances.ts';
import {
  addDevice,
  expectEachSendOnce,
  raiseAlarm,
  siteOf,
  siteRemindingChain,
  siteWebhook,
  startReceiver,
  until,
} from './escalationTestkit.ts';

const skip = twoInstancesSkipped('alarm escalation, two instances on PostgreSQL + Redis');

/**
 * Two whole servers behind one load balancer (one PostgreSQL, one Redis), both sweeping: a simulated
 * dust monitor linked to A raises an alarm, and every escalation step and reminder of it and of many
 * other alarms reaches the receiver exactly once.
 */
describe.skipIf(skip)('alarm escalation across two instances (PostgreSQL + Redis)', () => {
  const two = twoInstancesForSuite(() =>
    startTwoInstances({
      env: { ALARM_ESCALATION_SWEEP_MS: '50', ALARM_WEBHOOK_RETRY_MS: '20', ALARM_WEBHOOK_ADDRESSES: 'any' },
    }),
  );
  let receiver: Awaited<ReturnType<typeof startReceiver>>;
  beforeAll(async () => {
    receiver = await startReceiver();
  });
  afterAll(() => receiver?.close());

  it('each step of each alarm is sent once', async () => {
    const { a, b } = two;
    const admin = await a.login();
    const site = await siteOf(a, admin);
    const { hook, hookPath } = await siteWebhook(b, site, receiver, { name: 'Ops', secret: 'two-instances' });
    await siteRemindingChain(b, site, 'Dust', hook);

    // A real reading over the limit from a monitor linked to A raises the alarm.
    const d = await a.addDevice({ type: 'dust', agentId: site.agent.id });
    await a.database.db.update(devices).set({ projectId: site.projectId }).where(eq(devices.id, d.id));
    const rule = await a.api.unchecked(
      alarmApi.ruleAdd,
      {
        name: 'PM10 over 150',
        scope: 'device',
        deviceId: d.id,
        deviceType: 'dust',
        condition: { logic: 'and', terms: [{ field: 'a34002', operator: 'gt', threshold: 150 }] },
        severity: 'critical',
      },
      site.agent.token,
    );
    expect(rule.body.code, rule.body.msg).toBe(200);
    const sim = a.sim(d);
    await sim.waitFor('up', 10_000);
    sim.sendTelemetry({ a34002: 240 });
    const raised = await until(
      () => a.database.db.select().from(alarms).where(eq(alarms.deviceId, d.id)),
      (rows) => rows.length === 1,
      'the alarm from the reading',
    );
    const live = raised[0].id;
    await until(
      () => receiver.at(hookPath).length,
      (n) => n === 1,
      'step 1 of the live alarm',
    );

    // And 30 more alarms, raised 12 minutes ago: step 1, step 2 and step 2's second reminder each.
    const ids: number[] = [];
    for (let i = 0; i < 30; i++) {
      ids.push(await raiseAlarm(a, { deviceId: await addDevice(a, site), ruleId: site.ruleId }, 12, 'critical'));
    }
    await a.database.db
      .update(alarms)
      .set({ createdAt: new Date(Date.now() - 12 * 60_000) })
      .where(eq(alarms.id, live));
    await expectEachSendOnce(receiver, hookPath, [live, ...ids], 30_000);
    // The live alarm's timeline, read through B, holds its three sends.
    const timeline = await b.api(alarmApi.detail, { id: live }, site.agent.token);
    expect(timeline.body.data.timeline.filter((e: { kind: string }) => e.kind === 'notified')).toHaveLength(3);
    sim.kill();
  });
});
