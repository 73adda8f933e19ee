import type { FastifyInstance } from 'fastify';
import { alarmApi } from '@siteops/contracts/alarm/api';
import type { ModuleContext } from '../../ports/context.ts';
import { routes } from '../../http/endpoint.ts';
import { acknowledgeAlarms } from './acknowledge.ts';
import { assignAlarms } from './assign.ts';
import { clearAlarms } from './clear.ts';
import { alarmDetail } from './detail.ts';
import { AlarmEngine } from './engine.ts';
import { listAlarms } from './listAll.ts';
import { addRule } from './ruleAdd.ts';
import { deleteRules } from './ruleDelete.ts';
import { listRules } from './ruleListAll.ts';
import { updateRule } from './ruleUpdate.ts';

/**
 * /api/alarm/*: one handler per declared endpoint (packages/contracts/src/alarm/api.ts), and the engine
 * that judges each stored reading against the rules (heard through the DeviceReports port). Answers the
 * engine (tests wait for it to be idle).
 */
export function registerAlarmModule(app: FastifyInstance, ctx: ModuleContext): AlarmEngine {
  const engine = new AlarmEngine(ctx.db, app.log, ctx.live);
  const stop = ctx.deviceReports.onReadingsStored((readings) => engine.feed(readings));
  app.addHook('onClose', async () => {
    stop();
    await engine.idle();
  });
  routes(app, ctx, alarmApi, {
    ruleListAll: listRules,
    ruleAdd: addRule,
    ruleUpdate: updateRule,
    ruleDelete: deleteRules,
    listAll: listAlarms,
    detail: alarmDetail,
    acknowledge: acknowledgeAlarms,
    clear: clearAlarms,
    assign: assignAlarms,
  });
  return engine;
}
