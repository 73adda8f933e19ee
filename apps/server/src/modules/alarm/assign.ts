import type { alarmApi } from '@siteops/contracts/alarm/api';
import { users } from '../../db/schema/index.ts';
import { loadOr404 } from '../../db/crud.ts';
import { scope } from '../../auth/scope.ts';
import type { Handler } from '../../http/endpoint.ts';
import { changeAlarms } from './service.ts';

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
  return changeAlarms(c, ids, {
    kind: 'assigned',
    action: 'alarm.assign',
    detail: { assigneeId, assigneeName },
    change: (alarm) => (alarm.assigneeId === assigneeId ? null : { assigneeId }),
  });
};
