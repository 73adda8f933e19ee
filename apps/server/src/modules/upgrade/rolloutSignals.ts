import { rolloutTopicOf } from '@siteops/contracts/live/schemas';
import type { ModuleContext } from '../../ports/context.ts';

/**
 * "Rollout n changed" to the admins watching it (live topic `rollout:<id>`), at most one per rollout
 * every 300 ms: a thousand devices moving at once must not become a thousand refetches per tab.
 */
export function rolloutSignals(ctx: ModuleContext) {
  const pending = new Set<number>();
  let timer: NodeJS.Timeout | undefined;
  const flush = () => {
    timer = undefined;
    for (const id of pending)
      ctx.live.publish({ topic: rolloutTopicOf(id), role: 'admin', type: 'rollout', data: { id } });
    pending.clear();
  };
  return (id: number) => {
    pending.add(id);
    timer ??= setTimeout(flush, 300);
    timer.unref();
  };
}
