import type { FastifyInstance } from 'fastify';
import { alarmApi, alarmComplianceApi } from '@siteops/contracts/alarm/api';
import type { ModuleContext } from '../../ports/context.ts';
import { routes } from '../../http/endpoint.ts';
import { acknowledgeAlarms } from './acknowledge.ts';
import { confirmAlarmAction } from './actionConfirm.ts';
import { AlarmActions } from './actions.ts';
import { assignAlarms } from './assign.ts';
import { clearAlarms } from './clear.ts';
import { complianceReport } from './compliance.ts';
import { exportCompliance } from './complianceExport.ts';
import { alarmDetail } from './detail.ts';
import { alarmReadings } from './readings.ts';
import { alarmFigures } from './figures.ts';
import { AlarmEngine } from './engine.ts';
import { listAlarms } from './listAll.ts';
import { addRule } from './ruleAdd.ts';
import { deleteRules } from './ruleDelete.ts';
import { listRules } from './ruleListAll.ts';
import { previewRule } from './rulePreview.ts';
import { updateRule } from './ruleUpdate.ts';
import { SourceAlarms } from './sources.ts';
import { repeatRounds } from '../../core/rounds.ts';

export interface AlarmModuleOptions {
  /** How often the time-based rules (offline, no data, event auto-clear) are swept; default 10 s. */
  sweepMs?: number;
  /** How often each instance looks for queued linked actions; default 1 s. */
  actionsMs?: number;
}

/**
 * /api/alarm/*: one handler per declared endpoint (packages/contracts/src/alarm/api.ts), and the engine
 * that judges each stored reading against the rules (heard through the DeviceReports port). Answers the
 * engine (tests wait for it to be idle).
 */
export function registerAlarmModule(
  app: FastifyInstance,
  ctx: ModuleContext,
  opts: AlarmModuleOptions = {},
): AlarmEngine {
  const engine = new AlarmEngine(ctx.db, app.log, ctx.live);
  const stop = ctx.deviceReports.onReadingsStored((readings) => engine.feed(readings));
  const sources = new SourceAlarms(ctx.db, app.log, ctx.live, ctx.notifications);
  const stopEvents = ctx.deviceReports.onEventsStored((events) => sources.feedEvents(events));
  const sweep = repeatRounds(
    () => sources.sweep().catch((err: unknown) => app.log.warn({ err }, 'alarm sweep failed')),
    opts.sweepMs ?? 10_000,
  );
  // Linked actions (speakers, relays, webhooks) queued with the alarms raised and cleared, run once.
  const actions = new AlarmActions(ctx, app.log, opts.actionsMs);
  actions.start();
  app.addHook('preClose', async () => {
    await sweep.stop();
    await actions.stop();
  });
  app.addHook('onClose', async () => {
    stop();
    stopEvents();
    await Promise.all([engine.idle(), sources.idle()]);
  });
  routes(app, ctx, alarmApi, {
    ruleListAll: listRules,
    ruleAdd: addRule,
    ruleUpdate: updateRule,
    ruleDelete: deleteRules,
    rulePreview: previewRule,
    listAll: listAlarms,
    figures: alarmFigures,
    detail: alarmDetail,
    readings: alarmReadings,
    acknowledge: acknowledgeAlarms,
    clear: clearAlarms,
    assign: assignAlarms,
    actionConfirm: confirmAlarmAction,
  });
  routes(app, ctx, alarmComplianceApi, { compliance: complianceReport, complianceExport: exportCompliance });
  return engine;
}
