import type { FastifyInstance } from 'fastify';
import { aiStreamApi } from '@siteops/contracts/ai-stream/api';
import type { ModuleContext } from '../../ports/context.ts';
import { routes } from '../../http/endpoint.ts';
import { applyAiStream } from './apply.ts';
import { readAiStream } from './read.ts';

/**
 * /api/aiStream/*: read and push AI-box stream settings through the device-command port; one handler
 * per declared endpoint. Each device is asked in parallel and answers its own row, so one offline box
 * does not fail the others; the push is audited per device with its outcome.
 */
export function registerAiStreamModule(app: FastifyInstance, ctx: ModuleContext) {
  routes(app, ctx, aiStreamApi, {
    read: readAiStream,
    apply: applyAiStream,
  });
}
