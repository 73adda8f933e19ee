import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { userDetail, userDetailQuery } from '@siteops/contracts/user';
import type { ModuleContext } from '../../app/context.ts';
import { authOf } from '../../auth/guard.ts';
import { callerOf } from '../../auth/scope.ts';
import { forbidden } from '../../http/errors.ts';
import { envelopeOf, ok } from '../../http/envelope.ts';
import { recordAudit } from '../audit/record.ts';
import { agentNameOf, loadUserInScope } from './service.ts';
import { toUserDetail } from './view.ts';

/**
 * One user in the caller's scope (404 outside it). idNo and cardNo come masked; `reveal=1` answers
 * them in full to an admin (the edit form) and records that read in the audit log; anyone else
 * asking to reveal gets 403.
 */
export function registerUserDetail(app: FastifyInstance, ctx: ModuleContext) {
  const { db } = ctx;
  app.withTypeProvider<ZodTypeProvider>().get(
    '/api/user/detail',
    {
      schema: {
        tags: ['user'],
        summary: 'One user for the edit form; reveal=1 (admin, audited) answers idNo and cardNo in full',
        querystring: userDetailQuery,
        response: { 200: envelopeOf(userDetail) },
      },
    },
    async (request) => {
      const actor = authOf(request).user;
      const { id, reveal } = request.query;
      const row = await loadUserInScope(db, callerOf(actor), id);
      if (reveal && actor.role !== 'admin') throw forbidden('Only an administrator can see full ID and card numbers');
      if (reveal) {
        await recordAudit(db, request, {
          action: 'user.reveal',
          targetType: 'user',
          targetId: id,
          detail: { fields: ['idNo', 'cardNo'], userName: row.userName },
        });
      }
      return ok(toUserDetail(row, await agentNameOf(db, row.agentId), ctx, reveal === true));
    },
  );
}
