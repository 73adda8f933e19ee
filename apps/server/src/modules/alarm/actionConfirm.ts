import { and, eq, sql } from 'drizzle-orm';
import type { alarmApi } from '@siteops/contracts/alarm/api';
import { scope } from '../../auth/scope.ts';
import { alarmActionRuns, alarmRules, alarms, alarmTimeline, devices } from '../../db/schema/index.ts';
import type { Handler } from '../../http/endpoint.ts';
import { conflict, forbidden, mustExist } from '../../core/errors.ts';
import { t } from '../../core/messages/index.ts';
import { isAuthor, runItems } from './actionRuns.ts';
import { performRun } from './actions.ts';

/**
 * Confirm a linked action waiting for a second person (a power cut of a crane or an elevator) on an
 * alarm of a device in the caller's scope (404 outside it), and send it now. Refused (403) to whoever
 * set the action or wrote the rule; 409 when it is no longer waiting (sent, failed, confirmed by
 * someone else meanwhile) or when its alarm cleared before a power cut at raise was confirmed. The
 * confirmation is audited and on the timeline, then the command's outcome. Answers the action as it ended.
 */
export const confirmAlarmAction: Handler<typeof alarmApi.actionConfirm> = async (c, { id }) => {
  const claimed = await c.db.transaction(async (tx) => {
    const [row] = await tx
      .select({
        run: alarmActionRuns,
        status: alarms.status,
        ruleCreatedId: alarmRules.createdId,
        target: sql<
          string | null
        >`(select coalesce(t.dev_name, t.sn) from devices t where t.id = ${alarmActionRuns.deviceId})`,
      })
      .from(alarmActionRuns)
      .innerJoin(alarms, eq(alarms.id, alarmActionRuns.alarmId))
      .innerJoin(alarmRules, eq(alarmRules.id, alarms.ruleId))
      .innerJoin(devices, eq(devices.id, alarms.deviceId))
      .where(and(eq(alarmActionRuns.id, id), scope.devices(c.caller)))
      .for('update', { of: alarmActionRuns });
    const { run, status, ruleCreatedId, target } = mustExist(row, 'AlarmAction');
    if (run.state !== 'waiting') {
      throw conflict(t('alarm.action.notWaiting', { state: t(`alarm.action.state.${run.state as 'sent'}`) }));
    }
    if (isAuthor(c.user.id, run.authorId, ruleCreatedId)) throw forbidden(t('alarm.action.secondPerson'));
    if (run.phase === 'raised' && status !== 'active') throw conflict(t('alarm.action.alarmCleared'));
    const now = new Date();
    const [updated] = await tx
      .update(alarmActionRuns)
      .set({ state: 'running', confirmedId: c.user.id, confirmedAt: now, startedAt: now })
      .where(eq(alarmActionRuns.id, run.id))
      .returning();
    await tx.insert(alarmTimeline).values({
      alarmId: run.alarmId,
      kind: 'action',
      actorId: c.user.id,
      at: now,
      detail: {
        runId: run.id,
        when: run.phase,
        kind: run.action.kind,
        state: 'confirmed',
        ...(run.action.kind === 'relay' && { output: run.action.output, on: run.action.on }),
        ...(run.deviceId !== null && { device: { id: run.deviceId, name: target } }),
      },
    });
    await c.audit(
      {
        action: 'alarm.action.confirm',
        targetType: 'alarm',
        targetId: run.alarmId,
        detail: { runId: run.id, action: run.action, deviceId: run.deviceId },
      },
      tx,
    );
    return { run: updated, status, ruleCreatedId };
  });
  await performRun(c, claimed.run, true);
  const [status] = await c.db.select({ status: alarms.status }).from(alarms).where(eq(alarms.id, claimed.run.alarmId));
  const [item] = await runItems(
    c.db,
    c.user.id,
    { id: claimed.run.alarmId, status: status?.status ?? claimed.status, ruleCreatedId: claimed.ruleCreatedId },
    claimed.run.id,
  );
  return item;
};
