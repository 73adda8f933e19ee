import { z } from 'zod';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { UPDATE_SELF_FIELDS, updateSelfBody } from '@siteops/contracts/user';
import type { ModuleContext } from '../../app/context.ts';
import { users } from '../../db/schema/index.ts';
import { authOf } from '../../auth/guard.ts';
import { envelopeOf, ok } from '../../http/envelope.ts';
import { changeSet, recordAudit } from '../audit/record.ts';
import { attachImages, columnsOf } from './service.ts';

/**
 * Every role edits its own safe profile fields (realName, sex, birthday, phone, email, address,
 * introduction, avatar): the overview's "edit info". Anything else in the body is a 400 naming it,
 * so role, account, agent, enabled state and the PII numbers stay with the admin's form.
 */
export function registerUpdateSelf(app: FastifyInstance, ctx: ModuleContext) {
  const { db, pii, storage } = ctx;
  app.withTypeProvider<ZodTypeProvider>().put(
    '/api/user/updateSelf',
    {
      schema: {
        tags: ['user'],
        summary: 'Edit your own profile (realName, sex, birthday, phone, email, address, introduction, avatar)',
        body: updateSelfBody,
        response: { 200: envelopeOf(z.null()) },
      },
    },
    async (request) => {
      const me = authOf(request).user;
      const patch = Object.fromEntries(
        UPDATE_SELF_FIELDS.filter((f) => request.body[f] !== undefined).map((f) => [f, request.body[f]]),
      ) as Parameters<typeof columnsOf>[0];
      const replaced = await db.transaction(async (tx) => {
        if (Object.keys(patch).length) {
          await tx
            .update(users)
            .set({ ...columnsOf(patch, pii), updatedId: me.id })
            .where(eq(users.id, me.id));
        }
        const orphans = await attachImages(tx, me.id, me, patch);
        await recordAudit(tx, request, {
          action: 'user.updateSelf',
          targetType: 'user',
          targetId: me.id,
          detail: changeSet(patch, { userName: me.userName }),
        });
        return orphans;
      });
      await Promise.all(replaced.map((key) => storage.delete(key).catch(() => {})));
      return ok(null, 'Save Success');
    },
  );
}
