import type { broadcastApi } from '@siteops/contracts/broadcast/api';
import type { CampaignSchedule } from '@siteops/contracts/broadcast/schemas';
import { broadcastCampaignDevices, broadcastCampaigns } from '../../db/schema/index.ts';
import type { Handler } from '../../http/endpoint.ts';
import { badRequest, fieldError } from '../../core/errors.ts';
import { t } from '../../core/messages/index.ts';
import { resolveTargets } from './campaigns.ts';
import { firstRun } from './schedule.ts';
import { campaignItem } from './view.ts';

/** A time "at" a little in the past is a clock apart from the browser's, not a mistake: it plays at once. */
const AT_TOLERANCE_MS = 60_000;

/** A campaign to the speakers its targets resolve to now (400 when none, or when it would never play), audited. */
export const addCampaign: Handler<typeof broadcastApi.add> = async (c, b) => {
  const now = new Date();
  const first = firstRunOrThrow(b.schedule, now);
  const deviceIds = await resolveTargets(c.db, c.caller, b.targets);
  if (deviceIds.length === 0) throw fieldError('targets', t('broadcast.noSpeakers'));
  const { targets, schedule, ...fields } = b;
  const id = await c.db.transaction(async (tx) => {
    const [row] = await tx
      .insert(broadcastCampaigns)
      .values({ ...fields, targets, schedule, status: 'scheduled', nextRunAt: first, createdId: c.user.id })
      .returning({ id: broadcastCampaigns.id });
    await tx.insert(broadcastCampaignDevices).values(deviceIds.map((deviceId) => ({ campaignId: row.id, deviceId })));
    await c.audit(
      {
        action: 'broadcast.add',
        targetType: 'campaign',
        targetId: row.id,
        detail: { ...fields, targets, schedule, devices: deviceIds.length },
      },
      tx,
    );
    return row.id;
  });
  return campaignItem(c.db, c.caller, id);
};

function firstRunOrThrow(schedule: CampaignSchedule, now: Date): Date {
  if (schedule.kind === 'at' && Date.parse(schedule.at) < now.getTime() - AT_TOLERANCE_MS) {
    throw fieldError('schedule.at', t('broadcast.past', { field: 'at' }));
  }
  const first = firstRun(schedule, now);
  if (!first) throw badRequest(t('broadcast.noRun'), { schedule: t('broadcast.noRun') });
  return first;
}
