import fs from 'node:fs';
import { describe, expect, it } from 'vitest';
import { BROADCAST_VOICES, CAMPAIGN_CONTENT_MAX_CHARS, CAMPAIGN_CONTENT_MAX_WORDS } from './schemas.ts';
import { RPC_METHODS } from '../device-protocol.ts';

/** docs/device-protocol.md 5.4 is what a speaker firmware team implements campaigns from. */
const doc = fs
  .readFileSync(new URL('../../../../docs/device-protocol.md', import.meta.url), 'utf8')
  .replace(/\s+/g, ' ');
const start = doc.indexOf('### 5.4 Broadcast campaigns on cloud speakers');
const section = doc.slice(start, doc.indexOf('## 6.', start));
const params = RPC_METHODS['broadcast.play'].params;

describe('docs/device-protocol.md 5.4 says what broadcast.play carries', () => {
  it('has the section', () => expect(start).toBeGreaterThan(0));

  it('every parameter a campaign sends, with its values', () => {
    for (const key of ['text', 'title', 'voice', 'volume']) expect(section, key).toContain(`| \`${key}\` |`);
    expect(section).toContain(`| ${BROADCAST_VOICES.map((v) => `\`${v}\``).join(', ')};`);
    expect(section).toContain(
      `1-${CAMPAIGN_CONTENT_MAX_CHARS} characters (at most ${CAMPAIGN_CONTENT_MAX_WORDS} words)`,
    );
    for (const code of ['badParams', 'busy', 'failed', 'offline', 'timeout', 'linkClosed']) {
      expect(section, code).toContain(`\`${code}\``);
    }
  });

  it('the protocol takes what the console sends', () => {
    const longest = { text: 'x'.repeat(CAMPAIGN_CONTENT_MAX_CHARS), title: 'y'.repeat(20), volume: 100 };
    for (const voice of BROADCAST_VOICES) expect(params.safeParse({ ...longest, voice }).success).toBe(true);
    expect(params.safeParse({ ...longest, text: 'x'.repeat(CAMPAIGN_CONTENT_MAX_CHARS + 1) }).success).toBe(false);
  });
});
