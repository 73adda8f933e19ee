import type { alarmEscalationApi } from '@siteops/contracts/alarm-escalation/api';
import { alarmChannels } from '../../db/schema/index.ts';
import { deleteAllOrNone } from '../../db/crud.ts';
import { scope } from '../../auth/scope.ts';
import type { Handler } from '../../http/endpoint.ts';
import { conflict } from '../../core/errors.ts';
import { andList, t } from '../../core/messages/index.ts';
import { chainsUsing, rulesUsing } from './service.ts';

/**
 * Delete channels in the caller's scope, all or none, with their log. A channel an escalation chain
 * uses is not deleted (nor any of the others asked): 409 naming the chains, in `data.chains` too, so
 * nobody loses a step's channel without seeing it; nor one an alarm rule's webhook action calls (409
 * naming the rules, `data.rules`), which would fail on every alarm after.
 */
export const deleteChannels: Handler<typeof alarmEscalationApi.channelDelete> = async (c, { ids }) =>
  deleteAllOrNone(c.db, {
    table: alarmChannels,
    ids,
    scope: scope.alarmChannels(c.caller),
    what: 'AlarmChannel',
    select: { id: alarmChannels.id, name: alarmChannels.name, kind: alarmChannels.kind },
    beforeDelete: async (tx, rows) => {
      const ids = rows.map((r) => r.id);
      const rules = await rulesUsing(tx, ids);
      if (rules.length) {
        const called = new Set(rules.flatMap((r) => r.channelIds));
        throw conflict(
          t('escalation.channelCalledByRules', {
            channels: andList(rows.filter((r) => called.has(r.id)).map((r) => r.name)),
            rules: andList(rules.map((r) => r.name)),
          }),
          { rules },
        );
      }
      const chains = await chainsUsing(
        tx,
        rows.map((r) => r.id),
      );
      if (!chains.length) return;
      const used = new Set(chains.flatMap((ch) => ch.channelIds));
      throw conflict(
        t('escalation.channelInUse', {
          channels: andList(rows.filter((r) => used.has(r.id)).map((r) => r.name)),
          chains: andList(
            chains.map((ch) => t('escalation.chainOfProject', { chain: ch.name, project: ch.projectName })),
          ),
        }),
        { chains },
      );
    },
    audit: { record: c.audit, action: 'alarm.channel.delete', targetType: 'alarmChannel' },
  });
