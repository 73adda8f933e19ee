import type { FastifyInstance } from 'fastify';
import type { ModuleContext } from '../../app/context.ts';
import { registerAddUser } from './add.ts';
import { registerDeleteUser } from './delete.ts';
import { registerUserDetail } from './detail.ts';
import { registerListUsers } from './listAll.ts';
import { registerLogin } from './login.ts';
import { registerOverview } from './overview.ts';
import { registerPasswordRoutes } from './password.ts';
import { registerProjectUsers } from './proListAll.ts';
import { registerSessionRoutes } from './session.ts';
import { registerUpdateUser } from './update.ts';
import { registerUpdateSelf } from './updateSelf.ts';

export function registerUserModule(app: FastifyInstance, ctx: ModuleContext) {
  registerLogin(app, ctx);
  registerSessionRoutes(app, ctx);
  registerPasswordRoutes(app, ctx);
  registerAddUser(app, ctx);
  registerUpdateUser(app, ctx);
  registerUpdateSelf(app, ctx);
  registerDeleteUser(app, ctx);
  registerListUsers(app, ctx);
  registerProjectUsers(app, ctx);
  registerUserDetail(app, ctx);
  registerOverview(app, ctx);
}
