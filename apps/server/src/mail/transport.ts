import type { Transporter } from 'nodemailer';
import type { Secret } from '../config.ts';

/** One outgoing email: plain text, as every message the server sends is. */
export interface OutgoingMail {
  to: string;
  subject: string;
  text: string;
  /** The Content-Language header: one language, or both for a mail written in each. */
  language: string;
}

let transport: { url: string; transporter: Transporter } | undefined;

/**
 * One transporter per SMTP_URL, shared by every sender (security codes, notification emails): each mail
 * is one short connection, like any mail client. Rejects when the SMTP server did not take the mail.
 */
export async function sendMail(smtp: { url: Secret; from: string }, mail: OutgoingMail): Promise<void> {
  const url = smtp.url.reveal();
  if (transport?.url !== url) {
    // nodemailer is loaded with the first mail (about 15 MB resident): without SMTP_URL, never.
    const { default: nodemailer } = await import('nodemailer');
    transport = { url, transporter: nodemailer.createTransport(url) };
  }
  await transport.transporter.sendMail({
    from: smtp.from,
    to: mail.to,
    subject: mail.subject,
    text: mail.text,
    headers: { 'Content-Language': mail.language },
  });
}
