import type { FastifyInstance } from 'fastify';
import type { ModuleContext } from '../../app/context.ts';
import { registerServeFile } from './serve.ts';
import { registerUpload } from './upload.ts';
import { scheduleFileSweep } from './sweep.ts';

/** /api/file/*: image upload and download; abandoned uploads are swept hourly. */
export function registerFileModule(app: FastifyInstance, ctx: ModuleContext) {
  registerUpload(app, ctx);
  registerServeFile(app, ctx);
  scheduleFileSweep(app, ctx.db, ctx.storage);
}
