import { eq } from 'drizzle-orm';
import type { alarmEscalationApi } from '@siteops/contracts/alarm-escalation/api';
import { alarmChannelLog } from '../../db/schema/index.ts';
import type { Handler } from '../../http/endpoint.ts';
import { peopleOf } from './people.ts';
import { testMessage } from './message.ts';
import { deliver } from './send/deliver.ts';
import { channelOr404 } from './service.ts';
import { toLogItem } from './view.ts';

/**
 * Send a test through a channel in the caller's scope: a people channel reaches the caller (their
 * message box, bound email or phone), the others post to their address. Answers the delivery as
 * logged, with the receiver's answer; audited.
 */
export const testChannel: Handler<typeof alarmEscalationApi.channelTest> = async (c, { id }) => {
  const channel = await channelOr404(c.db, c.caller, id);
  const me = await peopleOf(c.db, { userIds: [c.user.id], roles: [] }, { projectId: 0, agentId: null });
  const delivery = await deliver(c, channel, testMessage(c.user.userName, channel.name), me, { test: true });
  await c.audit({
    action: 'alarm.channel.test',
    targetType: 'alarmChannel',
    targetId: channel.id,
    detail: { ok: delivery.ok, status: delivery.status, error: delivery.error },
  });
  const [row] = await c.db.select().from(alarmChannelLog).where(eq(alarmChannelLog.id, delivery.id));
  return toLogItem(row);
};
