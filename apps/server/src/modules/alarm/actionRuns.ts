import { and, asc, eq } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { AlarmActionRun, AlarmActionState } from '@siteops/contracts/alarm/schemas';
import type { Db } from '../../db/client.ts';
import { alarmActionRuns, devices, users } from '../../db/schema/index.ts';
import { iso } from '../../core/list.ts';

/* A linked action's runs as the alarm's detail and the confirm step show them. */

/** An alarm's runs as the API shows them to `userId` (who may confirm those waiting). */
export async function runItems(
  db: Db,
  userId: number,
  alarm: { id: number; status: string; ruleCreatedId: number | null },
  only?: number,
): Promise<AlarmActionRun[]> {
  const confirmer = alias(users, 'confirmer');
  const rows = await db
    .select({
      run: alarmActionRuns,
      deviceName: devices.devName,
      sn: devices.sn,
      confirmedName: confirmer.userName,
    })
    .from(alarmActionRuns)
    .leftJoin(devices, eq(devices.id, alarmActionRuns.deviceId))
    .leftJoin(confirmer, eq(confirmer.id, alarmActionRuns.confirmedId))
    .where(and(eq(alarmActionRuns.alarmId, alarm.id), only === undefined ? undefined : eq(alarmActionRuns.id, only)))
    .orderBy(asc(alarmActionRuns.id));
  return rows.map(({ run, deviceName, sn, confirmedName }) => ({
    id: run.id,
    when: run.phase as AlarmActionRun['when'],
    action: run.action,
    state: run.state as AlarmActionState,
    deviceId: run.deviceId,
    deviceName: deviceName ?? sn ?? null,
    reason: run.reason,
    confirmedId: run.confirmedId,
    confirmedName,
    confirmedAt: run.confirmedAt ? iso(run.confirmedAt) : null,
    at: iso(run.createdAt),
    mayConfirm:
      run.state === 'waiting' &&
      !isAuthor(userId, run.authorId, alarm.ruleCreatedId) &&
      (run.phase === 'cleared' || alarm.status === 'active'),
  }));
}

/** Whether `userId` set the action (or wrote the rule): they may not confirm it themselves. */
export const isAuthor = (userId: number, authorId: number | null, ruleCreatedId: number | null) =>
  userId === authorId || userId === ruleCreatedId;
