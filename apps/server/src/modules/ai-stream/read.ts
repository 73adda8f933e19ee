import type { aiStreamApi } from '@siteops/contracts/ai-stream/api';
import { AI_STREAM_KEYS, aiStreamOf, type AiStreamReadItem } from '@siteops/contracts/ai-stream/schemas';
import type { Handler } from '../../http/endpoint.ts';
import { failureOf, loadAiBoxes } from './service.ts';

/** Read each box's stream settings in parallel; each answers its own row, an offline one included. */
export const readAiStream: Handler<typeof aiStreamApi.read> = async (c, { ids }) => {
  const boxes = await loadAiBoxes(c.db, c.caller, ids);
  const list = await Promise.all(
    boxes.map(async (box): Promise<AiStreamReadItem> => {
      try {
        const { result } = await c.deviceCommands.send(box.id, 'config.get', { keys: [...AI_STREAM_KEYS] });
        return { ...box, outcome: 'read', reason: null, settings: aiStreamOf(result.config) };
      } catch (err) {
        const { unreachable, reason } = failureOf(err, c.lang);
        return { ...box, outcome: unreachable ? 'offline' : 'failed', reason, settings: null };
      }
    }),
  );
  return { list };
};
