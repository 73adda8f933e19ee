import type { FastifyInstance } from 'fastify';
import { accountApi } from '@siteops/contracts/account/api';
import type { ModuleContext } from '../../ports/context.ts';
import { routes } from '../../http/endpoint.ts';
import { exportMine } from './exportMine.ts';
import { securityState, setSecurityQuestion, unbindSecurity } from './security.ts';
import { bindSecurityTarget, requestSecurityCode } from './securityCode.ts';
import { recoverPassword, recoverQuestion } from './recover.ts';
import { saveSocial, socialInfo } from './social.ts';
import { recoverByCode, requestRecoveryCode } from './recoverCode.ts';
import { securityLog } from './securityLog.ts';

/** /api/account/*: the caller's own account; one handler per declared endpoint. */
export function registerAccountModule(app: FastifyInstance, ctx: ModuleContext) {
  routes(app, ctx, accountApi, {
    securityLog,
    exportMine,
    security: securityState,
    securityQuestion: setSecurityQuestion,
    securityCode: requestSecurityCode,
    securityBind: bindSecurityTarget,
    securityUnbind: unbindSecurity,
    social: socialInfo,
    saveSocial,
    recoverQuestion,
    recoverPassword,
    recoverCode: requestRecoveryCode,
    recoverByCode,
  });
}
