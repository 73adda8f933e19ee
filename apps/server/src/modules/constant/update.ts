import { z } from 'zod';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { updateConstantBody } from '@siteops/contracts/constant';
import type { ModuleContext } from '../../app/context.ts';
import { constants } from '../../db/schema/index.ts';
import { isUniqueViolation } from '../../db/errors.ts';
import { authOf } from '../../auth/guard.ts';
import { mustExist } from '../../auth/scope.ts';
import { envelopeOf, ok } from '../../http/envelope.ts';
import { changeSet, recordAudit } from '../audit/record.ts';
import { invalidateConstants } from './service.ts';
import { assertUsableValue } from './view.ts';
import { duplicateKey, secretless } from './add.ts';

export function registerUpdateConstant(app: FastifyInstance, { db }: ModuleContext) {
  app.withTypeProvider<ZodTypeProvider>().put(
    '/api/constant/update',
    {
      config: { roles: ['admin'] },
      schema: {
        tags: ['constant'],
        summary: 'Update a system constant (only the fields sent)',
        body: updateConstantBody,
        response: { 200: envelopeOf(z.null()) },
      },
    },
    async (request) => {
      const actor = authOf(request).user;
      const { id, ...patch } = request.body;
      const [row] = await db.select().from(constants).where(eq(constants.id, id));
      const current = mustExist(row, 'Constant');
      assertUsableValue(patch.key ?? current.key, patch.value ?? current.value);
      try {
        await db.transaction(async (tx) => {
          await tx
            .update(constants)
            .set({ ...patch, updatedId: actor.id })
            .where(eq(constants.id, id));
          await recordAudit(tx, request, {
            action: 'constant.update',
            targetType: 'constant',
            targetId: id,
            detail: changeSet(secretless(patch, patch.key ?? current.key), { key: current.key }),
          });
        });
      } catch (err) {
        if (isUniqueViolation(err)) throw duplicateKey(patch.key);
        throw err;
      } finally {
        invalidateConstants(db);
      }
      return ok(null, 'Save Success');
    },
  );
}
