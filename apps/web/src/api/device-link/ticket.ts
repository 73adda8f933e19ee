import { deviceLinkApi } from '@siteops/contracts/device-link/api';
import type { TicketBody } from '@siteops/contracts/device-link/schemas';
import { call } from '@/api/endpoint';

/**
 * A short-lived ticket for what cannot carry the bearer header: the live channel, a terminal
 * WebSocket, a remote-control tab. The answer's `url` is what to open (relative to the API origin).
 */
export function requestTicket(body: TicketBody, options: { silent?: boolean } = {}) {
  return call(deviceLinkApi.ticket, body, { silent: options.silent });
}

/** An absolute URL for a ticket's relative `url`, against the API origin (ws: for WebSockets). */
export function ticketUrl(relative: string, protocol: 'http' | 'ws' = 'http'): URL {
  const origin = new URL(import.meta.env.VITE_API_BASE_URL ?? '', window.location.href);
  const url = new URL(relative, origin);
  if (protocol === 'ws') url.protocol = url.protocol === 'https:' ? 'wss:' : 'ws:';
  return url;
}
