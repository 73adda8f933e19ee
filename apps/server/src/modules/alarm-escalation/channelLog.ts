import { eq } from 'drizzle-orm';
import type { alarmEscalationApi } from '@siteops/contracts/alarm-escalation/api';
import { alarmChannelLog } from '../../db/schema/index.ts';
import type { Handler } from '../../http/endpoint.ts';
import { readNewestPage } from '../../http/readPage.ts';
import { channelOr404 } from './service.ts';
import { toLogItem } from './view.ts';

/** A channel's deliveries in the caller's scope (404 outside it), newest first. */
export const channelLog: Handler<typeof alarmEscalationApi.channelLog> = async (c, q) => {
  await channelOr404(c.db, c.caller, q.id);
  const where = eq(alarmChannelLog.channelId, q.id);
  const { rows, total } = await readNewestPage(c.db, alarmChannelLog, where, q);
  return { list: rows.map(toLogItem), total, page: q.page, pageSize: q.pageSize };
};
