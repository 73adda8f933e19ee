import fs from 'node:fs';
import { describe, expect, it } from 'vitest';
import { AI_STREAM_KEYS, BIT_RATE, FRAME_RATE, LIVE_METHODS, RESOLUTIONS } from './schemas.ts';

/** docs/device-protocol.md 5.1 is what an AI-box firmware team implements the stream settings from. */
const doc = fs
  .readFileSync(new URL('../../../../docs/device-protocol.md', import.meta.url), 'utf8')
  .replace(/\s+/g, ' ');
const start = doc.indexOf('### 5.1 AI box stream settings');
const section = doc.slice(start, doc.indexOf('## 6.', start));

describe('docs/device-protocol.md 5.1 names every AI-box stream setting', () => {
  it('has the section', () => expect(start).toBeGreaterThan(0));

  it('every key, with its values and range', () => {
    for (const key of AI_STREAM_KEYS) expect(section, key).toContain(`| \`${key}\` |`);
    expect(section).toContain(`| ${LIVE_METHODS.map((m) => `\`${m}\``).join(', ')} |`);
    expect(section).toContain(`| ${RESOLUTIONS.map((m) => `\`${m}\``).join(', ')} |`);
    expect(section).toContain(`frames per second, ${FRAME_RATE.min} to ${FRAME_RATE.max}`);
    expect(section).toContain(`kbit/s, ${BIT_RATE.min} to ${BIT_RATE.max}`);
    expect(section).toContain('`badParams`');
  });
});
