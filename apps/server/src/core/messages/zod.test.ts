import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { ALL_ENDPOINTS } from '@siteops/contracts/endpoints';
import { fieldMessage, fieldText, parseIn } from './zod.ts';

const CJK = /[\u3400-\u9fff]/;

/** Wrong values for one field at a time: missing, wrong types, empty, too long, unstorable, malformed. */
const WRONG: unknown[] = [
  undefined,
  null,
  12,
  true,
  {},
  [],
  '',
  ' ',
  'x'.repeat(5000),
  'a\u0000b',
  '*',
  '-1',
  'no such',
];

function shapeOf(schema: z.ZodType): Record<string, z.ZodType> {
  let s: z.ZodType = schema;
  // Unwrap pipes and effects down to the object, whose fields the wrong values go into.
  for (let i = 0; i < 5 && !(s instanceof z.ZodObject); i++) {
    const def = (s as unknown as { def: { in?: z.ZodType; innerType?: z.ZodType; schema?: z.ZodType } }).def;
    const next = def.in ?? def.innerType ?? def.schema;
    if (!next) break;
    s = next;
  }
  return s instanceof z.ZodObject ? (s.shape as Record<string, z.ZodType>) : {};
}

describe('zod field messages in the request language', () => {
  it('are zod’s own locale messages or our templates, in Chinese for every declared input', () => {
    const english = new Set<string>();
    for (const endpoint of ALL_ENDPOINTS) {
      for (const schema of [endpoint.params, endpoint.query, endpoint.body]) {
        if (!schema) continue;
        const inputs: unknown[] = [undefined, 'not an object', {}];
        for (const field of Object.keys(shapeOf(schema))) for (const v of WRONG) inputs.push({ [field]: v });
        for (const input of inputs) {
          const result = parseIn(schema, input, 'zh-CN');
          if (result.success) continue;
          for (const issue of result.error.issues) {
            const message = fieldMessage(issue.message, 'zh-CN');
            if (!CJK.test(message)) english.add(`${endpoint.module}.${endpoint.operation}: ${message}`);
          }
        }
      }
    }
    expect([...english]).toEqual([]);
  });

  it('leave English as it is, and read our messages back as catalog ids with their parameters', () => {
    expect(fieldMessage('name is at most 128 characters', 'en-US')).toBe('name is at most 128 characters');
    expect(fieldText('name is at most 128 characters')).toMatchObject({
      key: 'field.maxChars',
      params: { field: 'name', max: '128' },
    });
    expect(fieldMessage('name is at most 128 characters', 'zh-CN')).toBe('名称 最多 128 个字符');
    expect(fieldText('something nobody wrote')).toBeUndefined();
  });
});
