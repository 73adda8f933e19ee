import type { aiStreamApi } from '@siteops/contracts/ai-stream/api';
import { aiStreamOf, type AiStreamApplyItem } from '@siteops/contracts/ai-stream/schemas';
import type { Handler } from '../../http/endpoint.ts';
import { failureOf, loadAiBoxes } from './service.ts';

/** Push stream settings to each box in parallel, audited per device with its outcome. */
export const applyAiStream: Handler<typeof aiStreamApi.apply> = async (c, { ids, settings }) => {
  const boxes = await loadAiBoxes(c.db, c.caller, ids);
  // Only the keys sent: a push never writes a value the user did not choose.
  const config = Object.fromEntries(Object.entries(settings).filter(([, v]) => v !== undefined));
  const list = await Promise.all(
    boxes.map(async (box): Promise<AiStreamApplyItem> => {
      let item: AiStreamApplyItem;
      try {
        const { result } = await c.deviceCommands.send(box.id, 'config.set', { config });
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
};
