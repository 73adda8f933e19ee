import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { constantItem } from '@siteops/contracts/constant';
import { idQuery } from '@siteops/contracts/pagination';
import type { ModuleContext } from '../../app/context.ts';
import { constants } from '../../db/schema/index.ts';
import { mustExist } from '../../auth/scope.ts';
import { envelopeOf, ok } from '../../http/envelope.ts';
import { toConstantItem } from './view.ts';

export function registerConstantDetail(app: FastifyInstance, { db }: ModuleContext) {
  app.withTypeProvider<ZodTypeProvider>().get(
    '/api/constant/detail',
    {
      config: { roles: ['admin'] },
      schema: {
        tags: ['constant'],
        summary: 'One system constant',
        querystring: idQuery,
        response: { 200: envelopeOf(constantItem) },
      },
    },
    async (request) => {
      const [row] = await db.select().from(constants).where(eq(constants.id, request.query.id));
      return ok(toConstantItem(mustExist(row, 'Constant')));
    },
  );
}
