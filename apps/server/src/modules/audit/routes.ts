import type { FastifyInstance } from 'fastify';
import { auditApi } from '@siteops/contracts/audit/api';
import type { ModuleContext } from '../../ports/context.ts';
import { routes } from '../../http/endpoint.ts';
import { listAudit } from './listAll.ts';

/** /api/audit/*: reading the audit log (writing is recordAudit(), called by every mutation). */
export function registerAuditModule(app: FastifyInstance, ctx: ModuleContext) {
  routes(app, ctx, auditApi, {
    listAll: listAudit,
  });
}
