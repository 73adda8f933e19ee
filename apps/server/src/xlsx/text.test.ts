import { describe, expect, it } from 'vitest';
import { neutralised, unneutralised } from './text.ts';

describe('formula guard', () => {
  it('prefixes every OWASP formula start, leaves other text alone, and comes off again', () => {
    for (const text of ['=1+1', '+1', '-1', '@SUM(A1)', '\tcmd', '\rcmd']) {
      expect(neutralised(text)).toBe(`'${text}`);
      expect(unneutralised(neutralised(text))).toBe(text);
    }
    for (const text of ['Gate 1', 'a=b', "'quoted", '', '1-2']) {
      expect(neutralised(text)).toBe(text);
      expect(unneutralised(text)).toBe(text);
    }
  });
});
