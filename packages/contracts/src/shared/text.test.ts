import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { anyText, multilineText, text } from './text.ts';
import { optionalMultilineText, requiredText } from './text-fields.ts';
import { visitorFields } from '../visitor/schemas.ts';

const messageOf = (schema: z.ZodType, input: unknown) => {
  const r = z.object({ name: schema }).safeParse({ name: input });
  return r.success ? null : r.error.issues[0]!.message;
};

describe('single-line and multi-line text', () => {
  it('single-line text refuses CR, LF, tab, the rest of C0, DEL and C1', () => {
    for (const bad of ['a\rb', 'a\nb', 'a\tb', 'a\u0001b', 'a\u001bb', 'a\u007fb', 'a\u0085b', 'a\u009fb']) {
      expect(messageOf(requiredText('name', 64), bad)).toBe('name must be one line without control characters');
    }
    expect(messageOf(text(), 'Zhang San 张三 😀')).toBeNull();
  });

  it('single-line text refuses bidi controls and zero-width characters', () => {
    const bidi = ['\u202a', '\u202b', '\u202c', '\u202d', '\u202e', '\u2066', '\u2067', '\u2068', '\u2069'];
    for (const c of [...bidi, '\u200b', '\u200c', '\u200d', '\u2060', '\ufeff']) {
      expect(messageOf(text(), `firmware${c}gnp.exe`)).toBe(
        'name must not contain bidirectional control or zero-width characters',
      );
    }
  });

  it('multi-line text keeps line breaks and tabs, refuses other controls', () => {
    expect(z.object({ r: optionalMultilineText('r', 64) }).parse({ r: 'line 1\r\nline 2\tend' })).toEqual({
      r: 'line 1\r\nline 2\tend',
    });
    expect(messageOf(multilineText(), 'a\u0007b')).toBe(
      'name must not contain control characters other than line breaks and tabs',
    );
    expect(messageOf(multilineText(), 'a\u0000b')).toMatch(/NUL/);
  });

  it('any text (device messages, passwords) keeps everything storable', () => {
    expect(messageOf(anyText(), 'a\tb\u202e')).toBeNull();
    expect(messageOf(anyText(), 'a\u0000')).toMatch(/NUL/);
  });

  it('a visitor’s name is one line; its visit reasons keep their line breaks', () => {
    const fields = z.object(visitorFields).partial();
    expect(fields.safeParse({ realName: 'Li\r\nLei' }).success).toBe(false);
    expect(fields.parse({ reasons: 'Survey\nfloor 3' })).toMatchObject({ reasons: 'Survey\nfloor 3' });
  });
});
