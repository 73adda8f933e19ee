import type { alarmApi } from '@siteops/contracts/alarm/api';
import { users } from '../../db/schema/index.ts';
import { loadOr404 } from '../../db/crud.ts';
import { scope } from '../../auth/scope.ts';
import type { Handler } from '../../http/endpoint.ts';
import { t } from '../../core/messages/index.ts';
import { changeAlarms } from './service.ts';

/** The alarms page, opening one alarm's detail (`?alarm=<id>`). */
const ALARM_PAGE = '/alarm/alarm-list';

/** Give alarms (one or many) to a user in the caller's scope (404 outside it), or to nobody. */
export const assignAlarms: Handler<typeof alarmApi.assign> = async (c, { ids, assigneeId }) => {
  let assigneeName: string | null = null;
  if (assigneeId !== null) {
    const assignee = await loadOr404<typeof users, { userName: string }>(c.db, {
      table: users,
      idColumn: users.id,
      id: assigneeId,
      scope: scope.users(c.caller),
      what: 'User',
      select: { userName: users.userName },
    });
    assigneeName = assignee.userName;
  }
  const { updated, changed } = await changeAlarms(c, ids, {
    kind: 'assigned',
    action: 'alarm.assign',
    detail: { assigneeId, assigneeName },
    change: (alarm) => (alarm.assigneeId === assigneeId ? null : { assigneeId }),
  });
  // The assignee's to-do: one notification for what was given to them now (not for taking it oneself).
  if (assigneeId !== null && assigneeId !== c.user.id && changed.length > 0) {
    const [first] = changed;
    await c.notifications.notify({
      to: { userIds: [assigneeId] },
      tab: 'todo',
      kind: 'alarm',
      title: t('notification.alarmAssigned', { count: changed.length, by: c.user.userName }),
      body: t('notification.alarmAssigned.body'),
      link: `${ALARM_PAGE}?alarm=${first.id}`,
    });
  }
  return { updated };
};
