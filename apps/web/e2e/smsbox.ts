import { newestIn } from './inbox';

export interface Text {
  phone: string;
  code: string;
  locale: string;
  /** bind | recover */
  purpose: string;
}

/**
 * The newest text the run's SMS webhook receiver (global-setup.ts) got for `phone` that `match` accepts,
 * waiting for it.
 */
export function textTo(phone: string, match: (text: Text) => boolean = () => true): Promise<Text> {
  return newestIn<Text>(process.env.E2E_SMS_DIR!, (m) => m.phone === phone && match(m), `a text to ${phone}`);
}
