import type { FastifyInstance } from 'fastify';
import { fileApi } from '@siteops/contracts/file/api';
import type { ModuleContext } from '../../ports/context.ts';
import { routes } from '../../http/endpoint.ts';
import { serveFile } from './serve.ts';
import { uploadImage } from './upload.ts';
import { scheduleFileSweep } from './sweep.ts';

/** /api/file/*: image upload and download; abandoned uploads are swept hourly. */
export function registerFileModule(app: FastifyInstance, ctx: ModuleContext) {
  routes(app, ctx, fileApi, {
    upload: uploadImage,
    serve: serveFile,
  });
  scheduleFileSweep(app, ctx.db, ctx.storage);
}
