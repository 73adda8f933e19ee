import type { alarmEscalationApi } from '@siteops/contracts/alarm-escalation/api';
import { alarmChannels } from '../../db/schema/index.ts';
import { insertAudited } from '../../db/crud.ts';
import type { Handler } from '../../http/endpoint.ts';
import { forbidden } from '../../core/errors.ts';
import { t } from '../../core/messages/index.ts';
import { agentOr404, projectOr404 } from './service.ts';

/**
 * Add a channel for a project in the caller's scope, or for a whole agent (admins, or the agent
 * itself). Its address and secret are stored encrypted and never answered again; the audit entry
 * records only that they were set.
 */
export const addChannel: Handler<typeof alarmEscalationApi.channelAdd> = async (c, input) => {
  if (input.scope === 'agent') {
    if (c.caller.role !== 'admin' && c.caller.role !== 'agent') throw forbidden(t('escalation.agentChannelForAgents'));
    await agentOr404(c.db, c.caller, input.agentId!);
  } else {
    await projectOr404(c.db, c.caller, input.projectId!);
  }
  const shown = {
    name: input.name,
    kind: input.kind,
    scope: input.scope,
    agentId: input.agentId ?? null,
    projectId: input.projectId ?? null,
    enabled: input.enabled,
  };
  return insertAudited(c.db, {
    table: alarmChannels,
    values: {
      ...shown,
      url: input.url ? c.pii.encrypt(input.url, 'alarm_channels.url') : null,
      secret: input.secret ? c.pii.encrypt(input.secret, 'alarm_channels.secret') : null,
      createdId: c.user.id,
    },
    audit: {
      record: c.audit,
      action: 'alarm.channel.add',
      targetType: 'alarmChannel',
      detail: { ...shown, urlSet: Boolean(input.url), secretSet: Boolean(input.secret) },
    },
  });
};
