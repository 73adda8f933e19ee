import type { alarmApi } from '@siteops/contracts/alarm/api';
import type { Handler } from '../../http/endpoint.ts';
import { changeAlarms } from './service.ts';

/**
 * Clear active alarms (one or many) by hand, with the reason; those already cleared stay as they are.
 * A condition that still holds raises a new alarm once it has held for the rule's duration again.
 */
export const clearAlarms: Handler<typeof alarmApi.clear> = async (c, { ids, reason }) => ({
  updated: (
    await changeAlarms(c, ids, {
      kind: 'cleared',
      action: 'alarm.clear',
      detail: { by: 'manual', reason },
      change: (alarm) =>
        alarm.status !== 'active'
          ? null
          : { status: 'cleared', clearedAt: new Date(), clearedBy: 'manual', clearedReason: reason },
    })
  ).updated,
});
