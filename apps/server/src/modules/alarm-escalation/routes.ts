import type { FastifyInstance } from 'fastify';
import { alarmEscalationApi } from '@siteops/contracts/alarm-escalation/api';
import type { ModuleContext } from '../../ports/context.ts';
import { routes } from '../../http/endpoint.ts';
import { addChain } from './chainAdd.ts';
import { deleteChains } from './chainDelete.ts';
import { listChains } from './chainListAll.ts';
import { updateChain } from './chainUpdate.ts';
import { addChannel } from './channelAdd.ts';
import { deleteChannels } from './channelDelete.ts';
import { listChannels } from './channelListAll.ts';
import { channelLog } from './channelLog.ts';
import { testChannel } from './channelTest.ts';
import { updateChannel } from './channelUpdate.ts';
import { startLogRetention } from './retention.ts';
import { startEscalation } from './sweeper.ts';

/**
 * /api/alarmEscalation/*: channels and chains, one handler per declared endpoint; and the sweep that
 * sends each escalation step once (sweeper.ts), on every instance. Reads the alarms the alarm module
 * writes and adds `notified` entries to their timeline; it never changes an alarm.
 */
export function registerAlarmEscalationModule(app: FastifyInstance, ctx: ModuleContext) {
  routes(app, ctx, alarmEscalationApi, {
    channelListAll: listChannels,
    channelAdd: addChannel,
    channelUpdate: updateChannel,
    channelDelete: deleteChannels,
    channelTest: testChannel,
    channelLog,
    chainListAll: listChains,
    chainAdd: addChain,
    chainUpdate: updateChain,
    chainDelete: deleteChains,
  });
  const stop = startEscalation(ctx, app.log);
  const stopRetention = startLogRetention(ctx.db, ctx.config.notificationRetentionDays, app.log);
  app.addHook('preClose', async () => {
    stopRetention();
    await stop();
  });
}
