import { and, arrayContains, eq, getTableColumns, inArray, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { upgradeApi } from '@siteops/contracts/upgrade/api';
import { rolloutTopicOf } from '@siteops/contracts/live/schemas';
import type { ModuleContext } from '../../ports/context.ts';
import { OPEN_ROLLOUT_STATUSES, upgradePackages, upgradeRollouts } from '../../db/schema/index.ts';
import { deleteAllOrNone, listTable, loadOr404, updateAudited } from '../../db/crud.ts';
import { route } from '../../http/endpoint.ts';
import { conflict } from '../../core/errors.ts';
import { contains } from '../../core/list.ts';
import { t } from '../../core/messages/index.ts';
import { changeSet } from '../audit/record.ts';
import { RolloutEngine, type RolloutEngineOptions } from './engine.ts';
import { fetchPackage } from './fetch.ts';
import { registerRolloutRoutes } from './rolloutRoutes.ts';
import { sendPackage } from './send.ts';
import { uploadPackage } from './upload.ts';
import { toUpgradeItem } from './view.ts';

/** Written out by hand: inside a select list drizzle leaves columns unqualified, and `id` would be the rollout's. */
const openRollouts = sql<number>`(
  select count(*)::int from upgrade_rollouts r
  where r.package_id = "upgrade_packages"."id" and r.status in ${sql.raw(`('${OPEN_ROLLOUT_STATUSES.join("','")}')`)}
)`;
const withOpenRollouts = { ...getTableColumns(upgradePackages), openRollouts };

/** /api/upgrade/*: firmware packages (admin only) and their rollouts; the rollout engine runs with the app. */
export function registerUpgradeModule(app: FastifyInstance, ctx: ModuleContext, engineOptions?: RolloutEngineOptions) {
  const { db, storage } = ctx;
  const load = (id: number) =>
    loadOr404<typeof upgradePackages, Parameters<typeof toUpgradeItem>[0]>(db, {
      table: upgradePackages,
      idColumn: upgradePackages.id,
      id,
      what: 'Upgrade',
      select: withOpenRollouts,
    });

  route(app, ctx, upgradeApi.listAll, async (_c, q) =>
    listTable(db, q, {
      table: upgradePackages,
      select: withOpenRollouts,
      where: and(
        contains(upgradePackages.fileName, q.fileName),
        contains(upgradePackages.fileVersion, q.fileVersion),
        q.status ? eq(upgradePackages.status, q.status) : undefined,
        q.checkType ? eq(upgradePackages.checkType, q.checkType) : undefined,
        q.deviceType ? arrayContains(upgradePackages.deviceTypes, [q.deviceType]) : undefined,
      ),
      sort: {
        columns: {
          id: upgradePackages.id,
          fileName: upgradePackages.fileName,
          fileVersion: upgradePackages.fileVersion,
          fileSize: upgradePackages.fileSize,
          status: upgradePackages.status,
          createdAt: upgradePackages.createdAt,
        },
        id: upgradePackages.id,
        fallback: 'createdAt',
      },
      map: toUpgradeItem,
    }),
  );

  route(app, ctx, upgradeApi.detail, async (_c, { id }) => toUpgradeItem(await load(id)));

  route(app, ctx, upgradeApi.upload, uploadPackage);

  route(app, ctx, upgradeApi.update, async (c, { id, ...patch }) => {
    const row = await load(id);
    const detail = changeSet(patch, { fileName: row.fileName });
    await updateAudited(db, {
      table: upgradePackages,
      id,
      set: { ...patch, updatedId: c.user.id },
      audit: { record: c.audit, action: 'upgrade.update', targetType: 'upgrade', detail },
    });
    return null;
  });

  route(app, ctx, upgradeApi.delete, async (c, { ids }) => {
    const keys: string[] = [];
    const result = await deleteAllOrNone(db, {
      table: upgradePackages,
      ids,
      what: 'Upgrade',
      select: { id: upgradePackages.id, fileName: upgradePackages.fileName, storageKey: upgradePackages.storageKey },
      beforeDelete: async (tx, rows) => {
        // Deleted from the storage only once the transaction has committed (see below).
        keys.push(...rows.map((r) => r.storageKey));
        const open = await tx
          .select({ id: upgradeRollouts.id, packageId: upgradeRollouts.packageId })
          .from(upgradeRollouts)
          .where(
            and(
              inArray(
                upgradeRollouts.packageId,
                rows.map((r) => r.id),
              ),
              inArray(upgradeRollouts.status, [...OPEN_ROLLOUT_STATUSES]),
            ),
          );
        if (open.length === 0) return;
        const used = rows.find((r) => r.id === open[0].packageId)!;
        const rollouts = open.filter((o) => o.packageId === used.id).map((o) => `#${o.id}`);
        throw conflict(t('upgrade.inUse', { name: used.fileName, rollouts }), {
          packageId: used.id,
          rollouts: open.map((o) => o.id),
        });
      },
      audit: {
        record: c.audit,
        action: 'upgrade.delete',
        targetType: 'upgrade',
        detail: (row) => ({ fileName: row.fileName }),
      },
    });
    // After the commit: a failed transaction must leave the files its rows point at.
    for (const key of keys) await storage.delete(key);
    return result;
  });

  route(app, ctx, upgradeApi.download, async (c, { id }) => sendPackage(c.request, c.reply, storage, await load(id)));
  route(app, ctx, upgradeApi.fetch, fetchPackage);

  const changed = rolloutSignals(ctx);
  registerRolloutRoutes(app, ctx, changed);
  const engine = new RolloutEngine(ctx, app.log.child({ module: 'rollout' }), engineOptions);
  engine.onChange = (ids) => ids.forEach(changed);
  engine.start();
  app.addHook('preClose', () => engine.stop());
  return engine;
}

/**
 * "Rollout n changed" to the admins watching it (live topic `rollout:<id>`), at most one per rollout
 * every 300 ms: a thousand devices moving at once must not become a thousand refetches per tab.
 */
function rolloutSignals(ctx: ModuleContext) {
  const pending = new Set<number>();
  let timer: NodeJS.Timeout | undefined;
  const flush = () => {
    timer = undefined;
    for (const id of pending)
      ctx.live.publish({ topic: rolloutTopicOf(id), role: 'admin', type: 'rollout', data: { id } });
    pending.clear();
  };
  return (id: number) => {
    pending.add(id);
    timer ??= setTimeout(flush, 300);
    timer.unref();
  };
}
