import { and, asc, eq } from 'drizzle-orm';
import type { alarmApi } from '@siteops/contracts/alarm/api';
import type { ALARM_TIMELINE_KINDS } from '@siteops/contracts/alarm/schemas';
import { alarmRules, alarms, alarmTimeline, users } from '../../db/schema/index.ts';
import { scope } from '../../auth/scope.ts';
import type { Handler, HandlerContext } from '../../http/endpoint.ts';
import type { Db } from '../../db/client.ts';
import { inSnapshot } from '../../db/snapshot.ts';
import { mustExist } from '../../core/errors.ts';
import { iso } from '../../core/list.ts';
import { runItems } from './actionRuns.ts';
import { selectAlarms, toAlarmItem } from './view.ts';

type TimelineKind = (typeof ALARM_TIMELINE_KINDS)[number];

/**
 * One alarm of a device in the caller's scope (404 outside it), with its timeline oldest first and its
 * rule's conditions (an alarm's rule is deleted with it, so it is there), and its linked actions (which
 * of those waiting the caller may confirm).
 */
export const alarmDetail: Handler<typeof alarmApi.detail> = (c, input) =>
  inSnapshot(c.db, (db) => detailIn(c, db, input));

async function detailIn(c: HandlerContext, db: Db, { id }: { id: number }) {
  const [row] = await selectAlarms(db)
    .where(and(eq(alarms.id, id), scope.devices(c.caller)))
    .limit(1);
  const alarm = mustExist(row, 'Alarm');
  const [timeline, [rule]] = await Promise.all([
    db
      .select({ entry: alarmTimeline, actorName: users.userName })
      .from(alarmTimeline)
      .leftJoin(users, eq(users.id, alarmTimeline.actorId))
      .where(eq(alarmTimeline.alarmId, id))
      .orderBy(asc(alarmTimeline.at), asc(alarmTimeline.id)),
    db
      .select({
        source: alarmRules.source,
        condition: alarmRules.condition,
        clearCondition: alarmRules.clearCondition,
        durationSeconds: alarmRules.durationSeconds,
        createdId: alarmRules.createdId,
      })
      .from(alarmRules)
      .where(eq(alarmRules.id, alarm.alarm.ruleId)),
  ]);
  const actions = await runItems(db, c.user.id, {
    id,
    status: alarm.alarm.status,
    ruleCreatedId: rule!.createdId,
  });
  const last = alarm.alarm.lastValue;
  const pictureUrl =
    last.picture === true && typeof last.eventId === 'string'
      ? c.deviceReports.eventPictureUrl(alarm.alarm.deviceId, last.eventId)
      : null;
  return {
    ...toAlarmItem(alarm),
    pictureUrl,
    source: rule!.source,
    condition: rule!.condition,
    clearCondition: rule!.clearCondition,
    durationSeconds: rule!.durationSeconds,
    timeline: timeline.map(({ entry, actorName }) => ({
      id: entry.id,
      kind: entry.kind as TimelineKind,
      at: iso(entry.at),
      actorId: entry.actorId,
      actorName,
      detail: entry.detail,
    })),
    actions,
  };
}
