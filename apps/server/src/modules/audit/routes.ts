import type { FastifyInstance } from 'fastify';
import type { ModuleContext } from '../../ports/context.ts';
import { registerListAudit } from './listAll.ts';

/** /api/audit/*: reading the audit log (writing is recordAudit(), called by every mutation). */
export function registerAuditModule(app: FastifyInstance, ctx: ModuleContext) {
  registerListAudit(app, ctx);
}
