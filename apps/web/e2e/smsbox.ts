import fs from 'node:fs';
import path from 'node:path';
import { expect } from '@playwright/test';

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
export async function textTo(phone: string, match: (text: Text) => boolean = () => true): Promise<Text> {
  const dir = process.env.E2E_SMS_DIR!;
  let found: Text | undefined;
  await expect
    .poll(
      () => {
        const files = fs.existsSync(dir) ? fs.readdirSync(dir).sort() : [];
        found = files
          .map((f) => JSON.parse(fs.readFileSync(path.join(dir, f), 'utf8')) as Text)
          .findLast((m) => m.phone === phone && match(m));
        return Boolean(found);
      },
      { message: `a text to ${phone}`, timeout: 20_000 },
    )
    .toBe(true);
  return found!;
}
