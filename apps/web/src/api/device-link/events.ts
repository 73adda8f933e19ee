import type { LiveKind, SseEventMap } from '@siteops/contracts/device-link';
import { requestTicket, ticketUrl } from './ticket';

/**
 * The URL of the live device events stream (Server-Sent Events) behind an `events` ticket, narrowed
 * to the kinds a page needs. Called again for a fresh ticket after the server refuses a reconnect.
 */
export async function deviceEventsUrl(kinds: readonly LiveKind[]): Promise<string> {
  // Silent: the stream retries by itself, and a toast per retry would only be noise.
  const { url } = await requestTicket({ purpose: 'events' }, { silent: true });
  const target = ticketUrl(url);
  target.searchParams.set('kinds', kinds.join(','));
  return target.href;
}

export type { SseEventMap };
