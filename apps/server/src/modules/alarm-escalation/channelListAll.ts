import { and } from 'drizzle-orm';
import type { alarmEscalationApi } from '@siteops/contracts/alarm-escalation/api';
import { alarmChannels } from '../../db/schema/index.ts';
import { scope } from '../../auth/scope.ts';
import type { Handler } from '../../http/endpoint.ts';
import { readNewestPage } from '../../http/readPage.ts';
import { equalFilters } from '../../core/list.ts';
import { chainsUsing, channelTargetNames, toChannelItem } from './service.ts';

/** The channels in the caller's scope, newest first; addresses and secrets only as set or not. */
export const listChannels: Handler<typeof alarmEscalationApi.channelListAll> = async (c, q) => {
  const where = and(scope.alarmChannels(c.caller), ...equalFilters(alarmChannels, q, ['projectId', 'agentId', 'kind']));
  const { rows, total } = await readNewestPage(c.db, alarmChannels, where, q);
  const [targetName, usedBy] = await Promise.all([
    channelTargetNames(c.db, rows),
    chainsUsing(
      c.db,
      rows.map((r) => r.id),
    ),
  ]);
  return {
    list: rows.map((r) => toChannelItem(r, targetName(r), usedBy)),
    total,
    page: q.page,
    pageSize: q.pageSize,
  };
};
