import { getToken } from '../../lib/token';

/**
 * The browser side of a device terminal: a WebSocket relayed by the server to the device's shell.
 * Browsers cannot set headers on a WebSocket, so the session token travels in the query.
 */
export function terminalSocketUrl(id: number, size: { cols: number; rows: number }): string {
  const base = new URL(import.meta.env.VITE_API_BASE_URL ?? '', window.location.href);
  base.protocol = base.protocol === 'https:' ? 'wss:' : 'ws:';
  const url = new URL(`/api/device/${id}/terminal`, base);
  url.searchParams.set('cols', String(size.cols));
  url.searchParams.set('rows', String(size.rows));
  const token = getToken();
  if (token) url.searchParams.set('token', token);
  return url.href;
}

/** Control messages the console sends as text frames; keystrokes go as binary frames. */
export type TerminalControl = { type: 'resize'; cols: number; rows: number };
