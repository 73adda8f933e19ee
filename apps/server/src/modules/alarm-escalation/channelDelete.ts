import type { alarmEscalationApi } from '@siteops/contracts/alarm-escalation/api';
import { alarmChannels } from '../../db/schema/index.ts';
import { deleteAllOrNone } from '../../db/crud.ts';
import { scope } from '../../auth/scope.ts';
import type { Handler } from '../../http/endpoint.ts';

/** Delete channels in the caller's scope, all or none, with their log; chains naming them skip them from then on. */
export const deleteChannels: Handler<typeof alarmEscalationApi.channelDelete> = async (c, { ids }) =>
  deleteAllOrNone(c.db, {
    table: alarmChannels,
    ids,
    scope: scope.alarmChannels(c.caller),
    what: 'AlarmChannel',
    select: { id: alarmChannels.id, name: alarmChannels.name, kind: alarmChannels.kind },
    audit: { record: c.audit, action: 'alarm.channel.delete', targetType: 'alarmChannel' },
  });
