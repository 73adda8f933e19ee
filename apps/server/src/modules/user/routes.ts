import type { FastifyInstance } from 'fastify';
import type { ModuleContext } from '../../app/context.ts';
import { registerAddUser } from './add.ts';
import { registerLogin } from './login.ts';
import { registerPasswordRoutes } from './password.ts';
import { registerSessionRoutes } from './session.ts';

export function registerUserModule(app: FastifyInstance, ctx: ModuleContext) {
  registerLogin(app, ctx);
  registerSessionRoutes(app, ctx);
  registerPasswordRoutes(app, ctx);
  registerAddUser(app, ctx);
}
