import { createHmac } from 'node:crypto';

/**
 * DingTalk group bot with "加签" (signing): the bot's address plus `timestamp` (milliseconds) and
 * `sign`, the URL-encoded base64 HMAC-SHA256 of "timestamp\nsecret" under the secret, as DingTalk's
 * documentation computes it.
 */
export function dingTalkSignedUrl(url: string, secret: string, nowMs: number): string {
  const sign = createHmac('sha256', secret).update(`${nowMs}\n${secret}`, 'utf8').digest('base64');
  return `${url}${url.includes('?') ? '&' : '?'}timestamp=${nowMs}&sign=${encodeURIComponent(sign)}`;
}

/**
 * Feishu (Lark) custom bot with signature verification: `timestamp` (seconds) and `sign` in the body,
 * the base64 HMAC-SHA256 keyed with "timestamp\nsecret" over an empty message, as Feishu's documentation
 * computes it.
 */
export function feishuSignature(secret: string, nowMs: number): { timestamp: string; sign: string } {
  const timestamp = String(Math.floor(nowMs / 1000));
  const sign = createHmac('sha256', `${timestamp}\n${secret}`).update('').digest('base64');
  return { timestamp, sign };
}

/**
 * The generic webhook's signature: hex HMAC-SHA256 under the secret of "<timestamp>.<body>" (timestamp
 * in seconds, the body byte for byte as sent), sent as `sha256=<hex>` beside the timestamp. A receiver
 * recomputes it and refuses a timestamp more than a few minutes old (replays).
 */
export function webhookSignature(secret: string, timestamp: string, body: string): string {
  return `sha256=${createHmac('sha256', secret).update(`${timestamp}.${body}`, 'utf8').digest('hex')}`;
}
