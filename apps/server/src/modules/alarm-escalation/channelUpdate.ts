import type { alarmEscalationApi } from '@siteops/contracts/alarm-escalation/api';
import { isAddressKind, isSignedKind, type ChannelKind } from '@siteops/contracts/alarm-escalation/schemas';
import { alarmChannels } from '../../db/schema/index.ts';
import { updateAudited } from '../../db/crud.ts';
import type { Handler } from '../../http/endpoint.ts';
import type { ParsedInputOf } from '@siteops/contracts/shared/endpoint';
import { badRequest } from '../../core/errors.ts';
import { t } from '../../core/messages/index.ts';
import type { Pii } from '../../crypto/pii.ts';
import { auditChanges, decrypted } from '../audit/record.ts';
import { channelOr404 } from './service.ts';

type ChannelChange = Pick<
  ParsedInputOf<typeof alarmEscalationApi.channelUpdate>,
  'name' | 'enabled' | 'url' | 'secret'
>;

/**
 * The audit's before and after of a channel's update, its stored address and secret compared in clear: a
 * webhook address (often carrying its token) and a secret are secrets, named when they change, never shown.
 */
function channelChanges(pii: Pii, stored: Record<string, unknown> | undefined, sent: ChannelChange) {
  const before = decrypted(pii, stored, { url: 'alarm_channels.url', secret: 'alarm_channels.secret' });
  const changes = auditChanges(before, { name: sent.name, enabled: sent.enabled });
  for (const field of ['url', 'secret'] as const)
    if (before && sent[field] !== undefined && (before[field] ?? null) !== sent[field])
      changes.push({ field, redacted: true });
  return changes;
}

/** Rename, switch on or off, or give a channel a new address or secret (absent: the stored one stays). */
export const updateChannel: Handler<typeof alarmEscalationApi.channelUpdate> = async (c, input) => {
  const row = await channelOr404(c.db, c.caller, input.id);
  const kind = row.kind as ChannelKind;
  if (input.url !== undefined && !isAddressKind(kind))
    throw badRequest(t('escalation.noAddress', { kind }), { url: t('escalation.noAddress', { kind }) });
  if (input.secret !== undefined && !isSignedKind(kind))
    throw badRequest(t('escalation.noSecret', { kind }), { secret: t('escalation.noSecret', { kind }) });
  const shown = {
    ...(input.name !== undefined && { name: input.name }),
    ...(input.enabled !== undefined && { enabled: input.enabled }),
  };
  await updateAudited(c.db, {
    table: alarmChannels,
    id: row.id,
    set: {
      ...shown,
      ...(input.url !== undefined && { url: c.pii.encrypt(input.url, 'alarm_channels.url') }),
      ...(input.secret !== undefined && { secret: c.pii.encrypt(input.secret, 'alarm_channels.secret') }),
    },
    audit: {
      record: c.audit,
      action: 'alarm.channel.update',
      targetType: 'alarmChannel',
      detail: { ...shown, urlChanged: input.url !== undefined, secretChanged: input.secret !== undefined },
      changes: (before) => channelChanges(c.pii, before, input),
    },
  });
  return null;
};
