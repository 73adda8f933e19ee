import type { FastifyInstance } from 'fastify';
import { userApi } from '@siteops/contracts/user/api';
import type { ModuleContext } from '../../ports/context.ts';
import { route } from '../../http/endpoint.ts';
import { pruneThrottle } from '../../auth/throttle.ts';
import { addUser } from './add.ts';
import { deleteUsers } from './delete.ts';
import { userDetail } from './detail.ts';
import { listUsers } from './listAll.ts';
import { login } from './login.ts';
import { overview } from './overview.ts';
import { resetPasswd, updatePasswd } from './password.ts';
import { listProjectUsers } from './proListAll.ts';
import { info, logout, menu } from './session.ts';
import { updateUser } from './update.ts';
import { updateSelf } from './updateSelf.ts';

/** /api/user/*: one handler per declared endpoint (packages/contracts/src/user/api.ts). */
export function registerUserModule(app: FastifyInstance, ctx: ModuleContext) {
  scheduleThrottlePrune(app, ctx);
  route(app, ctx, userApi.login, login);
  route(app, ctx, userApi.logout, logout);
  route(app, ctx, userApi.info, info);
  route(app, ctx, userApi.menu, menu);
  route(app, ctx, userApi.updatePasswd, updatePasswd);
  route(app, ctx, userApi.resetPasswd, resetPasswd);
  route(app, ctx, userApi.add, addUser);
  route(app, ctx, userApi.update, updateUser);
  route(app, ctx, userApi.updateSelf, updateSelf);
  route(app, ctx, userApi.delete, deleteUsers);
  route(app, ctx, userApi.listAll, listUsers);
  route(app, ctx, userApi.proListAll, listProjectUsers);
  route(app, ctx, userApi.detail, userDetail);
  route(app, ctx, userApi.overview, overview);
}

/** Old failed-login counters go hourly, for as long as the app lives. */
function scheduleThrottlePrune(app: FastifyInstance, { db, config }: ModuleContext) {
  const timer = setInterval(() => {
    pruneThrottle(db, config.login).catch((err: unknown) => app.log.warn({ err }, 'login throttle prune failed'));
  }, 3_600_000);
  timer.unref();
  app.addHook('onClose', async () => clearInterval(timer));
}
