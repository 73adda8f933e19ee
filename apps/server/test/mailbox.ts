import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';
import { inbox } from './inbox.ts';

/** One email as the test's SMTP server received it. */
export interface ReceivedMail {
  to: string[];
  /** Decoded headers block and text body of a single-part message (what the server sends). */
  subject: string;
  text: string;
}

/**
 * A real SMTP server on a free local port that keeps what it receives, so a test reads the code a
 * user would find in their inbox. No TLS or login: the server under test speaks plain SMTP to it.
 * The end-to-end run starts one too (apps/web/e2e/global-setup.ts), on the port its server is given.
 */
export async function startMailbox(opts: { port?: number; onMail?: (mail: ReceivedMail) => void } = {}) {
  const box = inbox<ReceivedMail>('mail', (m, address) => m.to.some((a) => a.toLowerCase() === address.toLowerCase()));
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('end', () => {
        const mail = { to: session.envelope.rcptTo.map((r) => r.address), ...parseMail(Buffer.concat(chunks)) };
        box.add(mail);
        opts.onMail?.(mail);
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(opts.port ?? 0, '127.0.0.1', resolve));
  const { port } = server.server.address() as AddressInfo;
  return {
    url: `smtp://127.0.0.1:${port}`,
    mails: box.received,
    /** The newest mail to `address` after the first `after`, waiting up to `timeoutMs` for one to arrive. */
    next: box.next,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** Subject and text of a single-part mail, undoing MIME encoded words and the transfer encoding. */
export function parseMail(raw: Buffer): { subject: string; text: string } {
  const source = raw.toString('utf8');
  const split = source.indexOf('\r\n\r\n');
  const head = source.slice(0, split).replace(/\r\n[ \t]+/g, ' ');
  const body = source.slice(split + 4);
  const header = (name: string) => new RegExp(`^${name}:\\s*(.*)$`, 'im').exec(head)?.[1] ?? '';
  const subject = header('Subject').replace(/=\?utf-8\?([bq])\?([^?]*)\?=\s*/gi, (_, enc: string, data: string) =>
    enc.toLowerCase() === 'b'
      ? Buffer.from(data, 'base64').toString('utf8')
      : decodeQuotedPrintable(data.replace(/_/g, ' ')),
  );
  const encoding = header('Content-Transfer-Encoding').toLowerCase();
  const text =
    encoding === 'base64'
      ? Buffer.from(body.replace(/\s+/g, ''), 'base64').toString('utf8')
      : encoding === 'quoted-printable'
        ? decodeQuotedPrintable(body)
        : body;
  return { subject, text };
}

function decodeQuotedPrintable(s: string): string {
  const bytes = s
    .replace(/=\r?\n/g, '')
    .replace(/=([0-9A-F]{2})/gi, (_, h: string) => String.fromCharCode(Number.parseInt(h, 16)));
  return Buffer.from(bytes, 'latin1').toString('utf8');
}

/** The 6-digit code of a security-code mail. */
export const codeIn = (mail: ReceivedMail) =>
  /\b(\d{6})\b/.exec(mail.subject)?.[1] ?? /\b(\d{6})\b/.exec(mail.text)![1]!;
