import { and } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { constantApi } from '@siteops/contracts/constant/api';
import type { ModuleContext } from '../../ports/context.ts';
import { constants } from '../../db/schema/index.ts';
import { deleteAllOrNone, insertAudited, listTable, loadOr404, uniqueOr409, updateAudited } from '../../db/crud.ts';
import { route } from '../../http/endpoint.ts';
import { contains } from '../../core/list.ts';
import { changeSet } from '../audit/record.ts';
import { invalidateConstants } from './service.ts';
import { assertUsableValue, toConstantItem } from './view.ts';
import { t } from '../../core/messages/index.ts';

const duplicateKey = (key: string | undefined) => ({
  field: 'key',
  message: t('constant.keyExists', { key: key ?? '' }),
});

/** /api/constant/*: system constants (admin). Every write drops this instance's constant cache. */
export function registerConstantModule(app: FastifyInstance, ctx: ModuleContext) {
  const { db } = ctx;
  const load = (id: number) => loadOr404(db, { table: constants, idColumn: constants.id, id, what: 'Constant' });

  route(app, ctx, constantApi.listAll, async (_c, q) =>
    listTable(db, q, {
      table: constants,
      where: and(contains(constants.key, q.key), contains(constants.value, q.value)),
      sort: {
        columns: {
          id: constants.id,
          key: constants.key,
          createdAt: constants.createdAt,
          updatedAt: constants.updatedAt,
        },
        id: constants.id,
        fallback: 'key',
        order: 'asc',
      },
      map: toConstantItem,
    }),
  );

  route(app, ctx, constantApi.detail, async (_c, { id }) => toConstantItem(await load(id)));

  route(app, ctx, constantApi.add, async (c, body) => {
    assertUsableValue(body.key, body.value);
    try {
      return await uniqueOr409(
        () =>
          insertAudited(db, {
            table: constants,
            values: { ...body, createdId: c.user.id, updatedId: c.user.id },
            audit: { record: c.audit, action: 'constant.add', targetType: 'constant', detail: changeSet(body) },
          }),
        duplicateKey(body.key),
      );
    } finally {
      invalidateConstants(db);
    }
  });

  route(app, ctx, constantApi.update, async (c, { id, ...patch }) => {
    const current = await load(id);
    assertUsableValue(patch.key ?? current.key, patch.value ?? current.value);
    const detail = changeSet(patch, { key: current.key });
    try {
      await uniqueOr409(
        () =>
          updateAudited(db, {
            table: constants,
            id,
            set: { ...patch, updatedId: c.user.id },
            audit: { record: c.audit, action: 'constant.update', targetType: 'constant', detail },
          }),
        duplicateKey(patch.key),
      );
    } finally {
      invalidateConstants(db);
    }
    return null;
  });

  route(app, ctx, constantApi.delete, async (c, { ids }) => {
    try {
      return await deleteAllOrNone(db, {
        table: constants,
        ids,
        what: 'Constant',
        select: { id: constants.id, key: constants.key },
        audit: { record: c.audit, action: 'constant.delete', targetType: 'constant' },
      });
    } finally {
      invalidateConstants(db);
    }
  });
}
