import { and, desc, eq, inArray, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { broadcastApi } from '@siteops/contracts/broadcast/api';
import type { CampaignSchedule, CampaignStatus } from '@siteops/contracts/broadcast/schemas';
import type { ModuleContext } from '../../ports/context.ts';
import { scope } from '../../auth/scope.ts';
import type { Db } from '../../db/client.ts';
import { broadcastCampaignDevices, broadcastCampaigns } from '../../db/schema/index.ts';
import { route, type HandlerContext } from '../../http/endpoint.ts';
import { badRequest, conflict, fieldError } from '../../core/errors.ts';
import { contains, countAll, pageWindow } from '../../core/list.ts';
import { t } from '../../core/messages/index.ts';
import { listSpeakers, loadCampaign, resolveTargets } from './campaigns.ts';
import { firstRun, nextDailySlot } from './schedule.ts';
import { campaignSignals } from './live.ts';
import { BroadcastScheduler, type BroadcastSchedulerOptions } from './scheduler.ts';
import { campaignRuns, toItems } from './view.ts';

/** A time "at" a little in the past is a clock apart from the browser's, not a mistake: it plays at once. */
const AT_TOLERANCE_MS = 60_000;

/** /api/broadcast/*: broadcast campaigns to cloud speakers (issue 14); the scheduler runs with the app. */
export function registerBroadcastModule(app: FastifyInstance, ctx: ModuleContext, options?: BroadcastSchedulerOptions) {
  const { db } = ctx;
  const changed = campaignSignals(ctx);
  const itemOf = async (c: HandlerContext, id: number) =>
    (await toItems(db, [await loadCampaign(db, c.caller, id)]))[0];

  route(app, ctx, broadcastApi.speakers, async (c) => ({ list: await listSpeakers(db, c.caller) }));

  route(app, ctx, broadcastApi.add, async (c, b) => {
    const now = new Date();
    const first = firstRunOrThrow(b.schedule, now);
    const deviceIds = await resolveTargets(db, c.caller, b.targets);
    if (deviceIds.length === 0) throw fieldError('targets', t('broadcast.noSpeakers'));
    const { targets, schedule, ...fields } = b;
    const id = await db.transaction(async (tx) => {
      const [row] = await tx
        .insert(broadcastCampaigns)
        .values({ ...fields, targets, schedule, status: 'scheduled', nextRunAt: first, createdId: c.user.id })
        .returning({ id: broadcastCampaigns.id });
      await tx.insert(broadcastCampaignDevices).values(deviceIds.map((deviceId) => ({ campaignId: row.id, deviceId })));
      await c.audit(
        {
          action: 'broadcast.add',
          targetType: 'campaign',
          targetId: row.id,
          detail: { ...fields, targets, schedule, devices: deviceIds.length },
        },
        tx,
      );
      return row.id;
    });
    return itemOf(c, id);
  });

  route(app, ctx, broadcastApi.listAll, async (c, q) => {
    const where = and(
      scope.campaigns(c.caller),
      contains(broadcastCampaigns.name, q.name),
      q.status ? eq(broadcastCampaigns.status, q.status) : undefined,
    );
    const { limit, offset } = pageWindow(q);
    const [rows, [{ total }]] = await Promise.all([
      db
        .select()
        .from(broadcastCampaigns)
        .where(where)
        .orderBy(desc(broadcastCampaigns.createdAt), desc(broadcastCampaigns.id))
        .limit(limit)
        .offset(offset),
      db.select({ total: countAll }).from(broadcastCampaigns).where(where),
    ]);
    return { list: await toItems(db, rows), total, page: q.page, pageSize: q.pageSize };
  });

  route(app, ctx, broadcastApi.detail, async (c, { id }) => itemOf(c, id));

  route(app, ctx, broadcastApi.runs, async (c, { id }) => {
    await loadCampaign(db, c.caller, id);
    return { list: await campaignRuns(db, id, c.lang) };
  });

  const action =
    (verb: 'pause' | 'resume' | 'cancel') =>
    async (c: HandlerContext, { id }: { id: number }) => {
      const before = await loadCampaign(db, c.caller, id);
      const status = await db.transaction(async (tx) => {
        const after = await transition(tx, verb, before.id, before.schedule as CampaignSchedule);
        if (!after) return undefined;
        await c.audit(
          { action: `broadcast.${verb}`, targetType: 'campaign', targetId: id, detail: { name: before.name } },
          tx,
        );
        return after;
      });
      if (!status) {
        const now = await loadCampaign(db, c.caller, id);
        throw conflict(
          t('broadcast.notOpen', {
            id,
            status: t(`broadcast.status.${now.status as 'scheduled'}`),
            action: t(`broadcast.action.${verb}`),
          }),
          { status: now.status },
        );
      }
      changed(id, { status });
      return itemOf(c, id);
    };
  route(app, ctx, broadcastApi.pause, action('pause'));
  route(app, ctx, broadcastApi.resume, action('resume'));
  route(app, ctx, broadcastApi.cancel, action('cancel'));

  const scheduler = new BroadcastScheduler(ctx, app.log.child({ module: 'broadcast' }), options);
  scheduler.onChange = changed;
  scheduler.start();
  app.addHook('preClose', () => scheduler.stop());
  return scheduler;
}

function firstRunOrThrow(schedule: CampaignSchedule, now: Date): Date {
  if (schedule.kind === 'at' && Date.parse(schedule.at) < now.getTime() - AT_TOLERANCE_MS) {
    throw fieldError('schedule.at', t('broadcast.past', { field: 'at' }));
  }
  const first = firstRun(schedule, now);
  if (!first) throw badRequest(t('broadcast.noRun'), { schedule: t('broadcast.noRun') });
  return first;
}

/**
 * One status change, only from the statuses it applies to (the UPDATE's WHERE decides, so two
 * concurrent clicks cannot both win): the new status, or undefined when it did not apply. A daily
 * campaign resumed after its next time goes on from now.
 */
async function transition(
  tx: Db,
  verb: 'pause' | 'resume' | 'cancel',
  id: number,
  schedule: CampaignSchedule,
): Promise<CampaignStatus | undefined> {
  const c = broadcastCampaigns;
  const statusOf = (rows: { status: string }[]) => rows[0]?.status as CampaignStatus | undefined;
  if (verb === 'pause') {
    return statusOf(
      await tx
        .update(c)
        .set({ status: 'paused' })
        .where(and(eq(c.id, id), eq(c.status, 'scheduled')))
        .returning({ status: c.status }),
    );
  }
  if (verb === 'cancel') {
    return statusOf(
      await tx
        .update(c)
        .set({ status: 'cancelled', nextRunAt: null })
        .where(and(eq(c.id, id), inArray(c.status, ['scheduled', 'paused'])))
        .returning({ status: c.status }),
    );
  }
  const now = new Date();
  const next =
    schedule.kind === 'daily'
      ? sql`case when ${c.nextRunAt} < now() then ${nextDailySlot(schedule, now)?.toISOString() ?? null}::timestamptz else ${c.nextRunAt} end`
      : c.nextRunAt;
  const res = await tx
    .update(c)
    .set({ status: sql`case when (${next}) is null then 'finished' else 'scheduled' end`, nextRunAt: next })
    .where(and(eq(c.id, id), eq(c.status, 'paused')))
    .returning({ status: c.status });
  return statusOf(res);
}
