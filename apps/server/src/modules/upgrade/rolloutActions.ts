import type { rolloutApi } from '@siteops/contracts/rollout/api';
import type { Handler, HandlerContext } from '../../http/endpoint.ts';
import { conflict } from '../../core/errors.ts';
import { t } from '../../core/messages/index.ts';
import { cancelRollout, pauseRollout, resumeRollout } from './rollouts.ts';
import { rolloutDetail } from './rolloutView.ts';

/** Pause, resume or cancel an open rollout, audited; one no longer open is a 409 naming its status. */
const action =
  (verb: 'pause' | 'resume' | 'cancel', run: typeof pauseRollout, changed: (id: number) => void) =>
  async (c: HandlerContext, { id }: { id: number }) => {
    const before = await rolloutDetail(c.db, id);
    const done = await c.db.transaction(async (tx) => {
      if (!(await run(tx, id))) return false;
      await c.audit(
        { action: `rollout.${verb}`, targetType: 'rollout', targetId: id, detail: { fileName: before.fileName } },
        tx,
      );
      return true;
    });
    if (!done) {
      throw conflict(
        t('rollout.notOpen', {
          id,
          status: t(`rollout.status.${before.status}`),
          action: t(`rollout.action.${verb}`),
        }),
        { status: before.status },
      );
    }
    changed(id);
    return rolloutDetail(c.db, id);
  };

export const pause = (changed: (id: number) => void): Handler<typeof rolloutApi.pause> =>
  action('pause', pauseRollout, changed);
export const resume = (changed: (id: number) => void): Handler<typeof rolloutApi.resume> =>
  action('resume', resumeRollout, changed);
export const cancel = (changed: (id: number) => void): Handler<typeof rolloutApi.cancel> =>
  action('cancel', cancelRollout, changed);
