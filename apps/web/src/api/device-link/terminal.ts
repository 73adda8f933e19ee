import type { TerminalClientMessage } from '@siteops/contracts/device-link/schemas';
import { requestTicket, ticketUrl } from './ticket';

/**
 * The WebSocket URL of a terminal on a device: a one-minute `terminal` ticket (browsers cannot send
 * the bearer header on a WebSocket) plus the terminal's size.
 */
export async function terminalSocketUrl(deviceId: number, size: { cols: number; rows: number }): Promise<string> {
  const { url } = await requestTicket({ purpose: 'terminal', deviceId });
  const target = ticketUrl(url, 'ws');
  target.searchParams.set('cols', String(size.cols));
  target.searchParams.set('rows', String(size.rows));
  return target.href;
}

export type { TerminalClientMessage };
