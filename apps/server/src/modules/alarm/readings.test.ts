import { describe, expect, it } from 'vitest';
import { alarmApi } from '@siteops/contracts/alarm/api';
import { createTestApp } from '../../../test/harness.ts';
import { appWithTwoAgents, randomMac, uniq } from '../../../test/fixtures.ts';
import { alarmRules, alarms, devices, deviceTelemetry } from '../../db/schema/index.ts';

/**
 * An alarm's readings for its detail's chart: the condition's fields from an hour before it was raised
 * to its clearing, with the rule's thresholds; nothing for a rule on another source; 404 outside scope.
 */
const { t, admin, agentA, agentB } = await appWithTwoAgents(createTestApp);

const MIN = 60_000;
const raisedAt = new Date(Date.now() - 3 * 3_600_000);

async function alarmOf(source: 'reading' | 'offline', cleared: Date | null) {
  const [device] = await t.database.db
    .insert(devices)
    .values({ type: 'dust', sn: uniq('SN'), mac: randomMac(), agentId: agentA.id })
    .returning({ id: devices.id });
  const [rule] = await t.database.db
    .insert(alarmRules)
    .values(
      source === 'reading'
        ? {
            name: 'PM10 over 150',
            scope: 'device',
            deviceId: device.id,
            deviceType: 'dust',
            condition: { logic: 'and', terms: [{ field: 'a34002', operator: 'gt', threshold: 150 }] },
            clearCondition: { logic: 'and', terms: [{ field: 'a34002', operator: 'lt', threshold: 120 }] },
            severity: 'major',
          }
        : { name: 'Offline', scope: 'device', deviceId: device.id, source: { kind: 'offline' }, severity: 'warning' },
    )
    .returning({ id: alarmRules.id });
  const [alarm] = await t.database.db
    .insert(alarms)
    .values({
      deviceId: device.id,
      ruleId: rule.id,
      severity: 'major',
      firstValue: { a34002: 200 },
      lastValue: { a34002: 210 },
      firstAt: raisedAt,
      lastAt: raisedAt,
      createdAt: raisedAt,
      ...(cleared ? { status: 'cleared', clearedAt: cleared, clearedBy: 'condition' } : {}),
    })
    .returning({ id: alarms.id });
  return { deviceId: device.id, id: alarm.id };
}

describe('an alarm’s readings', () => {
  it('chart the condition’s field from an hour before the alarm to its clearing, with the thresholds', async () => {
    const cleared = new Date(raisedAt.getTime() + 30 * MIN);
    const a = await alarmOf('reading', cleared);
    const at = (minutes: number) => new Date(raisedAt.getTime() + minutes * MIN);
    await t.database.db.insert(deviceTelemetry).values([
      { deviceId: a.deviceId, at: at(-90), data: { a34002: 999 } }, // before the window
      { deviceId: a.deviceId, at: at(-30), data: { a34002: 80 } },
      { deviceId: a.deviceId, at: at(0), data: { a34002: 200, a01001: 20 } },
      { deviceId: a.deviceId, at: at(20), data: { a34002: 110 } },
      { deviceId: a.deviceId, at: at(45), data: { a34002: 999 } }, // after it cleared
    ]);
    const res = await t.api(alarmApi.readings, { id: a.id }, agentA.token);
    expect(res.body.code, res.body.msg).toBe(200);
    const data = res.body.data;
    expect(data.from).toBe(new Date(raisedAt.getTime() - 60 * MIN).toISOString());
    expect(data.to).toBe(cleared.toISOString());
    expect(data.fields).toHaveLength(1);
    const [pm10] = data.fields;
    expect(pm10).toMatchObject({ field: 'a34002', thresholds: [150], clearThresholds: [120] });
    expect(pm10.points.map((p: [string, number, number, number]) => p[1])).toEqual([80, 200, 110]);
  });

  it('are none while nothing was reported, none for a rule on another source, and 404 to another agent', async () => {
    const quiet = await alarmOf('reading', null);
    const none = await t.api(alarmApi.readings, { id: quiet.id }, admin);
    expect(none.body.data.fields).toEqual([{ field: 'a34002', points: [], thresholds: [150], clearThresholds: [120] }]);
    expect(Date.parse(none.body.data.to)).toBeGreaterThan(Date.now() - MIN);

    const offline = await alarmOf('offline', null);
    expect((await t.api(alarmApi.readings, { id: offline.id }, agentA.token)).body.data.fields).toEqual([]);

    const other = await t.api.unchecked(alarmApi.readings, { id: quiet.id }, agentB.token);
    expect(other.status).toBe(404);
  });
});
