import { z } from 'zod';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { menuForRole } from '@siteops/contracts/routes';
import type { Role } from '@siteops/contracts/roles';
import type { ModuleContext } from '../../app/context.ts';
import { authOf } from '../../auth/guard.ts';
import { revokeSession } from '../../auth/sessions.ts';
import { envelopeOf, ok } from '../../http/envelope.ts';
import { recordAudit } from '../audit/record.ts';
import { toUserInfo, userInfoSchema } from './userInfo.ts';

type MenuNodeOut = {
  name: string;
  path: string;
  i18nKey: string;
  icon?: string;
  order: number;
  children?: MenuNodeOut[];
};
const menuNode: z.ZodType<MenuNodeOut> = z.lazy(() =>
  z.object({
    name: z.string(),
    path: z.string(),
    i18nKey: z.string(),
    icon: z.string().optional(),
    order: z.number(),
    children: z.array(menuNode).optional(),
  }),
);

/** logout, info and menu: what the console asks about the session it holds. */
export function registerSessionRoutes(app: FastifyInstance, { db }: ModuleContext) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const pending = { allowPendingPasswordChange: true };

  r.post(
    '/api/user/logout',
    {
      config: pending,
      schema: { tags: ['user'], summary: 'End this session now', response: { 200: envelopeOf(z.null()) } },
    },
    async (request) => {
      const auth = authOf(request);
      await revokeSession(db, auth.sessionId, 'logout');
      await recordAudit(db, request, { action: 'user.logout', targetType: 'user', targetId: auth.user.id });
      return ok(null);
    },
  );

  r.post(
    '/api/user/info',
    {
      config: pending,
      schema: { tags: ['user'], summary: 'The current user', response: { 200: envelopeOf(userInfoSchema) } },
    },
    async (request) => ok(toUserInfo(authOf(request).user)),
  );

  r.post(
    '/api/user/menu',
    {
      config: pending,
      schema: {
        tags: ['user'],
        summary: "The route table cut to the caller's role, as a menu tree",
        response: { 200: envelopeOf(z.array(menuNode)) },
      },
    },
    async (request) => ok(menuForRole(authOf(request).user.role as Role)),
  );
}
