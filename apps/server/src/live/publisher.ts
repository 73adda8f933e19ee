import type { LivePublication } from '@siteops/contracts/live/schemas';
import type { Bus } from '../bus/bus.ts';
import type { LiveChannel } from './channel.ts';

/** The bus channel of what modules publish to browser tabs: every instance's live channel hears it. */
const PUBLICATIONS = 'live:pub';

/** Publish to every instance's tabs (the LivePublisher port): fire and forget, as the port says. */
export const publishOverBus = (bus: Bus) => ({
  publish: (publication: LivePublication) => void bus.publish(PUBLICATIONS, publication).catch(() => {}),
});

/** Hand every instance's publications to this instance's channel; answers how to stop. */
export const feedPublications = (bus: Bus, channel: LiveChannel) =>
  bus.subscribe(PUBLICATIONS, (m) => channel.publication(m as LivePublication));
