import type { FastifyInstance } from 'fastify';
import type { ModuleContext } from '../../app/context.ts';
import { registerServeFile } from './serve.ts';
import { registerUpload } from './upload.ts';

/** /api/file/*: image upload and download. */
export function registerFileModule(app: FastifyInstance, ctx: ModuleContext) {
  registerUpload(app, ctx);
  registerServeFile(app, ctx);
}
