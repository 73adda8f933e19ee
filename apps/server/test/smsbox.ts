import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { inbox } from './inbox.ts';

/** One SMS webhook call as the test's receiver got it (the body the server POSTs, decision 0019). */
export interface ReceivedText {
  phone: string;
  code: string;
  locale: string;
  purpose: string;
}

/**
 * A real HTTP server on a free local port standing in for an SMS gateway's webhook: it keeps every
 * JSON body POSTed to it, so a test reads the code a user would find on their phone. `answer` sets how
 * it answers from then on (a status, and how long it holds the answer back). The end-to-end run starts
 * one too (apps/web/e2e/global-setup.ts), on the port its server is given.
 */
export async function startSmsbox(opts: { port?: number; onText?: (text: ReceivedText) => void } = {}) {
  const box = inbox<ReceivedText>('text', (m, phone) => m.phone === phone);
  const answer = { status: 200, holdMs: 0 };
  /** Calls received whose answer is still held back. */
  let pending = 0;
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const text = JSON.parse(Buffer.concat(chunks).toString('utf8')) as ReceivedText;
      box.add(text);
      opts.onText?.(text);
      const { status, holdMs } = answer;
      pending++;
      setTimeout(() => {
        pending--;
        res.writeHead(status, { 'content-type': 'application/json' }).end('{}');
      }, holdMs);
    });
  });
  await new Promise<void>((resolve) => server.listen(opts.port ?? 0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/sms`,
    texts: box.received,
    answer,
    pending: () => pending,
    /** The newest text to `phone` after the first `after`, waiting up to `timeoutMs` for one to arrive. */
    next: box.next,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
