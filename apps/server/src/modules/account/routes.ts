import type { FastifyInstance } from 'fastify';
import { accountApi } from '@siteops/contracts/account/api';
import type { ModuleContext } from '../../ports/context.ts';
import { route } from '../../http/endpoint.ts';
import { exportMine } from './exportMine.ts';
import { securityState, setSecurityQuestion, unbindSecurity } from './security.ts';
import { bindSecurityTarget, requestSecurityCode } from './securityCode.ts';
import { recoverPassword, recoverQuestion } from './recover.ts';
import { saveSocial, socialInfo } from './social.ts';
import { recoverByCode, requestRecoveryCode } from './recoverCode.ts';
import { securityLog } from './securityLog.ts';

/** /api/account/*: the caller's own account; one handler per declared endpoint. */
export function registerAccountModule(app: FastifyInstance, ctx: ModuleContext) {
  route(app, ctx, accountApi.securityLog, securityLog);
  route(app, ctx, accountApi.exportMine, exportMine);
  route(app, ctx, accountApi.security, securityState);
  route(app, ctx, accountApi.securityQuestion, setSecurityQuestion);
  route(app, ctx, accountApi.securityCode, requestSecurityCode);
  route(app, ctx, accountApi.securityBind, bindSecurityTarget);
  route(app, ctx, accountApi.securityUnbind, unbindSecurity);
  route(app, ctx, accountApi.social, socialInfo);
  route(app, ctx, accountApi.saveSocial, saveSocial);
  route(app, ctx, accountApi.recoverQuestion, recoverQuestion);
  route(app, ctx, accountApi.recoverPassword, recoverPassword);
  route(app, ctx, accountApi.recoverCode, requestRecoveryCode);
  route(app, ctx, accountApi.recoverByCode, recoverByCode);
}
