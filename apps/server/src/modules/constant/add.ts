import { z } from 'zod';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { addConstantBody } from '@siteops/contracts/constant';
import type { ModuleContext } from '../../app/context.ts';
import { constants } from '../../db/schema/index.ts';
import { isUniqueViolation } from '../../db/errors.ts';
import { authOf } from '../../auth/guard.ts';
import { conflict } from '../../http/errors.ts';
import { envelopeOf, ok } from '../../http/envelope.ts';
import { changeSet, recordAudit } from '../audit/record.ts';
import { invalidateConstants } from './service.ts';
import { assertUsableValue } from './view.ts';

export const duplicateKey = (key: string | undefined) => conflict(`The key ${key} already exists`, { field: 'key' });

export function registerAddConstant(app: FastifyInstance, { db }: ModuleContext) {
  app.withTypeProvider<ZodTypeProvider>().post(
    '/api/constant/add',
    {
      config: { roles: ['admin'] },
      schema: {
        tags: ['constant'],
        summary: 'Create a system constant (unique key, value up to 4 KB)',
        body: addConstantBody,
        response: { 200: envelopeOf(z.object({ id: z.number() })) },
      },
    },
    async (request) => {
      const actor = authOf(request).user;
      const body = request.body;
      assertUsableValue(body.key, body.value);
      try {
        const id = await db.transaction(async (tx) => {
          const [{ id }] = await tx
            .insert(constants)
            .values({ ...body, createdId: actor.id, updatedId: actor.id })
            .returning({ id: constants.id });
          await recordAudit(tx, request, {
            action: 'constant.add',
            targetType: 'constant',
            targetId: id,
            detail: changeSet(secretless(body)),
          });
          return id;
        });
        return ok({ id }, 'Save Success');
      } catch (err) {
        if (isUniqueViolation(err)) throw duplicateKey(body.key);
        throw err;
      } finally {
        invalidateConstants(db);
      }
    },
  );
}

/** The default password is a secret: its value stays out of the audit log. */
export function secretless<T extends { key?: string; value?: string }>(body: T, key = body.key): T {
  return key === 'user.defaultPassword' && body.value !== undefined ? { ...body, value: '********' } : body;
}
