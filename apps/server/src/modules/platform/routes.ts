import type { FastifyInstance } from 'fastify';
import { platformApi } from '@siteops/contracts/platform/api';
import type { ModuleContext } from '../../ports/context.ts';
import { authPlatforms } from '../../db/schema/index.ts';
import { deleteAllOrNone, insertAudited, listTable, loadOr404, uniqueOr409, updateAudited } from '../../db/crud.ts';
import { route } from '../../http/endpoint.ts';
import { contains } from '../../core/list.ts';
import { changeSet } from '../audit/record.ts';
import { toPlatformItem } from './service.ts';
import { t } from '../../core/messages/index.ts';

const duplicateName = (name: string | undefined) => ({
  field: 'platformName',
  message: t('platform.nameUsed', { name: name ?? '' }),
});

/** /api/platform/*: the platforms a licence may grant (admin only). */
export function registerPlatformModule(app: FastifyInstance, ctx: ModuleContext) {
  const { db } = ctx;
  const load = (id: number) =>
    loadOr404(db, { table: authPlatforms, idColumn: authPlatforms.id, id, what: 'Platform' });

  route(app, ctx, platformApi.listAll, async (_c, q) =>
    listTable(db, q, {
      table: authPlatforms,
      where: contains(authPlatforms.platformName, q.platformName),
      sort: {
        columns: {
          id: authPlatforms.id,
          platformName: authPlatforms.platformName,
          expirationDate: authPlatforms.expirationDate,
          createdAt: authPlatforms.createdAt,
          updatedAt: authPlatforms.updatedAt,
        },
        id: authPlatforms.id,
        fallback: 'createdAt',
      },
      map: toPlatformItem,
    }),
  );

  route(app, ctx, platformApi.detail, async (_c, { id }) => toPlatformItem(await load(id)));

  route(app, ctx, platformApi.add, async (c, body) =>
    uniqueOr409(
      () =>
        insertAudited(db, {
          table: authPlatforms,
          values: body,
          audit: { record: c.audit, action: 'platform.add', targetType: 'platform', detail: changeSet(body) },
        }),
      duplicateName(body.platformName),
    ),
  );

  route(app, ctx, platformApi.update, async (c, { id, ...patch }) => {
    const row = await load(id);
    const detail = changeSet(patch, { platformName: row.platformName });
    await uniqueOr409(
      () =>
        updateAudited(db, {
          table: authPlatforms,
          id,
          set: patch,
          audit: { record: c.audit, action: 'platform.update', targetType: 'platform', detail },
        }),
      duplicateName(patch.platformName),
    );
    return null;
  });

  route(app, ctx, platformApi.delete, async (c, { ids }) =>
    deleteAllOrNone(db, {
      table: authPlatforms,
      ids,
      what: 'Platform',
      select: { id: authPlatforms.id, platformName: authPlatforms.platformName },
      audit: { record: c.audit, action: 'platform.delete', targetType: 'platform' },
    }),
  );
}
