import type { alarmApi } from '@siteops/contracts/alarm/api';
import type { Handler } from '../../http/endpoint.ts';
import { changeAlarms } from './service.ts';

/** Acknowledge alarms (one or many) of devices in the caller's scope; those already acknowledged stay. */
export const acknowledgeAlarms: Handler<typeof alarmApi.acknowledge> = async (c, { ids }) => ({
  updated: (
    await changeAlarms(c, ids, {
      kind: 'acknowledged',
      action: 'alarm.acknowledge',
      detail: {},
      change: (alarm) =>
        alarm.acknowledged ? null : { acknowledged: true, acknowledgedAt: new Date(), acknowledgedId: c.user.id },
    })
  ).updated,
});
