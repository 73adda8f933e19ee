import type { FastifyInstance } from 'fastify';
import { userApi } from '@siteops/contracts/user/api';
import type { ModuleContext } from '../../ports/context.ts';
import { routes } from '../../http/endpoint.ts';
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
  routes(app, ctx, userApi, {
    login,
    logout,
    info,
    menu,
    updatePasswd,
    resetPasswd,
    add: addUser,
    update: updateUser,
    updateSelf,
    delete: deleteUsers,
    listAll: listUsers,
    proListAll: listProjectUsers,
    detail: userDetail,
    overview,
  });
}

/** Old failed-login counters go hourly, for as long as the app lives. */
function scheduleThrottlePrune(app: FastifyInstance, { db, config }: ModuleContext) {
  const timer = setInterval(() => {
    pruneThrottle(db, config.login).catch((err: unknown) => app.log.warn({ err }, 'login throttle prune failed'));
  }, 3_600_000);
  timer.unref();
  app.addHook('onClose', async () => clearInterval(timer));
}
