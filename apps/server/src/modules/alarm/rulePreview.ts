import { and, asc, eq, gte, inArray, sql } from 'drizzle-orm';
import type { alarmApi } from '@siteops/contracts/alarm/api';
import { ALARM_PREVIEW_DAYS, ALARM_PREVIEW_DEVICES_MAX } from '@siteops/contracts/alarm/rules';
import { deviceEvents, devices, deviceTelemetry } from '../../db/schema/index.ts';
import { scope } from '../../auth/scope.ts';
import { countAll } from '../../core/list.ts';
import type { Handler } from '../../http/endpoint.ts';
import { step, type Reading, type RuleState } from './evaluate.ts';
import { checkRuleTarget } from './ruleTarget.ts';
import { silencesIn } from './spells.ts';

/** The most stored readings one device's replay reads (about one every 12 s for a week). */
const READINGS_PER_DEVICE_MAX = 50_000;

/**
 * How often a rule not yet saved would have fired over the last seven days, replayed over the stored
 * history of the devices it would judge (within the caller's scope; the target is checked as for
 * adding a rule: 404 outside it): readings through the same state machine as the engine (duration,
 * hysteresis, window, data flags), silences between stored readings, stored events. Offline spells
 * are not kept per device: an offline rule answers `fired` null.
 */
export const previewRule: Handler<typeof alarmApi.rulePreview> = async (c, input) => {
  await checkRuleTarget(c, input);
  const to = Date.now();
  const from = to - ALARM_PREVIEW_DAYS * 86_400_000;
  const where = and(
    scope.devices(c.caller),
    eq(devices.authStatus, 'authorize'),
    input.deviceType ? eq(devices.type, input.deviceType) : undefined,
    input.scope === 'agent' ? eq(devices.agentId, input.agentId!) : undefined,
    input.scope === 'project' ? eq(devices.projectId, input.projectId!) : undefined,
    input.scope === 'device' ? eq(devices.id, input.deviceId!) : undefined,
  );
  const [judged, [{ total }]] = await Promise.all([
    c.db
      .select({ id: devices.id })
      .from(devices)
      .where(where)
      .orderBy(asc(devices.id))
      .limit(ALARM_PREVIEW_DEVICES_MAX),
    c.db.select({ total: countAll }).from(devices).where(where),
  ]);
  const ids = judged.map((d) => d.id);
  const answer = (fired: number | null, devicesFired: number) => ({
    fired,
    devicesFired,
    devices: total,
    truncated: total > ids.length,
    from: new Date(from).toISOString(),
    to: new Date(to).toISOString(),
  });
  const { source } = input;
  if (source.kind === 'offline') return answer(null, 0);
  if (ids.length === 0) return answer(0, 0);
  const since = new Date(from);

  if (source.kind === 'event') {
    const rows = await c.db
      .select({ deviceId: deviceEvents.deviceId, n: countAll })
      .from(deviceEvents)
      .where(
        and(
          inArray(deviceEvents.deviceId, ids),
          eq(deviceEvents.kind, source.event),
          gte(deviceEvents.at, since),
          source.code !== undefined ? sql`${deviceEvents.data}->'codes' ? ${source.code}` : undefined,
        ),
      )
      .groupBy(deviceEvents.deviceId);
    return answer(
      rows.reduce((sum, r) => sum + Number(r.n), 0),
      rows.length,
    );
  }

  let fired = 0;
  let devicesFired = 0;
  for (const deviceId of ids) {
    const rows = await c.db
      .select({ at: deviceTelemetry.at, data: deviceTelemetry.data, flags: deviceTelemetry.flags })
      .from(deviceTelemetry)
      .where(and(eq(deviceTelemetry.deviceId, deviceId), gte(deviceTelemetry.at, since)))
      .orderBy(asc(deviceTelemetry.at))
      .limit(READINGS_PER_DEVICE_MAX);
    let n = 0;
    if (source.kind === 'noData') {
      n =
        rows.length === 0
          ? 1
          : silencesIn(
              rows.map((r) => r.at.getTime()),
              source.minutes,
              to,
            );
    } else {
      const rule = {
        id: 0,
        condition: input.condition!,
        clearCondition: input.clearCondition ?? null,
        durationSeconds: input.durationSeconds,
      };
      const state: RuleState = { open: false, pendingSince: null };
      for (const r of rows) {
        const reading: Reading = { ...r.data };
        for (const [field, flag] of Object.entries(r.flags ?? {})) reading[`${field}-Flag`] = flag;
        const result = step(rule, state, reading, r.at.getTime());
        switch (result.action) {
          case 'none':
            state.pendingSince = null;
            break;
          case 'pending':
            state.pendingSince = result.since;
            break;
          case 'raise':
            n++;
            state.open = true;
            state.pendingSince = null;
            break;
          case 'clear':
            state.open = false;
            break;
          case 'repeat':
            break;
        }
      }
    }
    fired += n;
    if (n > 0) devicesFired++;
  }
  return answer(fired, devicesFired);
};
