import type { z } from 'zod';
import type { deliveryLogItem } from '@siteops/contracts/alarm-escalation/schemas';
import type { AlarmChannelLogRow } from '../../db/schema/index.ts';
import { iso } from '../../core/list.ts';

/** A logged delivery as the API shows it (it holds no address nor secret). */
export const toLogItem = (r: AlarmChannelLogRow): z.input<typeof deliveryLogItem> => ({
  id: r.id,
  channelId: r.channelId,
  alarmId: r.alarmId,
  step: r.step,
  repeatNo: r.repeatNo,
  test: r.test,
  ok: r.ok,
  reached: r.reached,
  status: r.status,
  answer: r.answer,
  error: r.error,
  attempts: r.attempts,
  at: iso(r.at),
});
