import type { FastifyInstance } from 'fastify';
import { aiStreamApi } from '@siteops/contracts/ai-stream/api';
import {
  AI_STREAM_KEYS,
  aiStreamOf,
  type AiStreamApplyItem,
  type AiStreamReadItem,
} from '@siteops/contracts/ai-stream/schemas';
import type { ModuleContext } from '../../ports/context.ts';
import { route } from '../../http/endpoint.ts';
import { failureOf, loadAiBoxes } from './service.ts';

/**
 * /api/aiStream/*: read and push AI-box stream settings through the device-command port. Each device
 * is asked in parallel and answers its own row, so one offline box does not fail the others; the
 * push is audited per device with its outcome.
 */
export function registerAiStreamModule(app: FastifyInstance, ctx: ModuleContext) {
  route(app, ctx, aiStreamApi.read, async (c, { ids }) => {
    const boxes = await loadAiBoxes(ctx.db, c.caller, ids);
    const list = await Promise.all(
      boxes.map(async (box): Promise<AiStreamReadItem> => {
        try {
          const { result } = await ctx.deviceCommands.send(box.id, 'config.get', { keys: [...AI_STREAM_KEYS] });
          return { ...box, outcome: 'read', reason: null, settings: aiStreamOf(result.config) };
        } catch (err) {
          const { unreachable, reason } = failureOf(err, c.lang);
          return { ...box, outcome: unreachable ? 'offline' : 'failed', reason, settings: null };
        }
      }),
    );
    return { list };
  });

  route(app, ctx, aiStreamApi.apply, async (c, { ids, settings }) => {
    const boxes = await loadAiBoxes(ctx.db, c.caller, ids);
    // Only the keys sent: a push never writes a value the user did not choose.
    const config = Object.fromEntries(Object.entries(settings).filter(([, v]) => v !== undefined));
    const list = await Promise.all(
      boxes.map(async (box): Promise<AiStreamApplyItem> => {
        let item: AiStreamApplyItem;
        try {
          const { result } = await ctx.deviceCommands.send(box.id, 'config.set', { config });
          item = {
            ...box,
            outcome: 'applied',
            reason: null,
            changed: result.changed.filter((k) => k in config),
            settings: aiStreamOf(result.config),
          };
        } catch (err) {
          const { unreachable, reason } = failureOf(err, c.lang);
          item = { ...box, outcome: unreachable ? 'offline' : 'refused', reason, changed: [], settings: null };
        }
        await c.audit({
          action: 'aiStream.apply',
          targetType: 'device',
          targetId: box.id,
          detail: { sn: box.sn, settings: config, outcome: item.outcome, changed: item.changed },
        });
        return item;
      }),
    );
    return { list };
  });
}
