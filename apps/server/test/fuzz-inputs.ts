import { randomBytes, randomUUID } from 'node:crypto';

/**
 * Inputs for the schema-driven fuzz test: a plausible value for any JSON schema of the OpenAPI
 * document, and the hostile values to put in its place, by the kind of field they replace.
 */

export interface Schema {
  type?: string | string[];
  format?: string;
  pattern?: string;
  enum?: unknown[];
  const?: unknown;
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: number;
  minLength?: number;
  maxLength?: number;
  minItems?: number;
  items?: Schema;
  properties?: Record<string, Schema>;
  required?: string[];
  anyOf?: Schema[];
  oneOf?: Schema[];
  allOf?: Schema[];
  default?: unknown;
}

/** A real row of no table, but a valid int4: mutations of other fields reach the handler, which answers 404. */
export const ABSENT_ID = 2_147_483_000;

const hex = () => randomBytes(4).toString('hex');

/** Candidates tried against a `pattern`; each call makes new ones so unique columns do not collide. */
const patternCandidates = () => [
  `fz${hex()}`,
  `AA:BB:CC:${hex().slice(0, 2)}:${hex().slice(0, 2)}:${hex().slice(0, 2)}`.toUpperCase(),
  '13800138000',
  '2030-01-01',
  '2030-01-01T00:00:00Z',
  '1',
  '/fz',
];

/** The first non-null branch of a union. */
export function unwrap(schema: Schema): Schema {
  const branches = schema.anyOf ?? schema.oneOf;
  if (branches) return unwrap(branches.find((b) => b.type !== 'null') ?? branches[0]!);
  if (schema.allOf?.length === 1) return unwrap(schema.allOf[0]!);
  return schema;
}

export function typeOf(schema: Schema): string | undefined {
  const s = unwrap(schema);
  if (s.enum) return 'enum';
  return Array.isArray(s.type) ? s.type.find((t) => t !== 'null') : s.type;
}

/** A value the schema accepts (as far as JSON schema can say), required properties only. */
export function sample(schema: Schema, name = ''): unknown {
  const s = unwrap(schema);
  if (s.const !== undefined) return s.const;
  if (s.enum) return s.enum[0];
  switch (typeOf(s)) {
    case 'string':
      return sampleString(s);
    case 'integer':
    case 'number': {
      if (/id$|ids$/i.test(name) && (s.maximum ?? 0) >= ABSENT_ID) return ABSENT_ID;
      const min = s.minimum ?? (s.exclusiveMinimum !== undefined ? s.exclusiveMinimum + 1 : 1);
      return Math.min(Math.max(min, 1), s.maximum ?? Infinity);
    }
    case 'boolean':
      return true;
    case 'array':
      return Array.from({ length: Math.max(s.minItems ?? 1, 1) }, () => sample(s.items ?? {}, name));
    case 'object': {
      const out: Record<string, unknown> = {};
      for (const key of s.required ?? []) out[key] = sample(s.properties?.[key] ?? {}, key);
      return out;
    }
    default:
      return 'fz';
  }
}

function sampleString(s: Schema): string {
  switch (s.format) {
    case 'uuid':
      return randomUUID();
    case 'email':
      return `fz${hex()}@example.com`;
    case 'date':
      return '2030-01-01';
    case 'date-time':
      return '2030-01-01T00:00:00Z';
    case 'uri':
      return 'https://example.com/fz.mp3';
  }
  if (s.pattern) {
    const re = new RegExp(s.pattern);
    const hit = patternCandidates().find((c) => re.test(c));
    if (hit) return hit;
  }
  const base = `fz${hex()}`;
  return base.padEnd(s.minLength ?? 0, 'x').slice(0, s.maxLength ?? base.length);
}

/** NUL, lone surrogates, 100 KB, LIKE metacharacters: what text fields and filters get. */
const HOSTILE_TEXT: [string, string][] = [
  ['nul', 'a\u0000b'],
  ['loneSurrogate', 'a\ud800b'],
  ['huge', 'x'.repeat(100_000)],
  ['like', '%_\\'],
];

/** Ids past int4 and other numbers no column can hold. */
const HOSTILE_NUMBERS: [string, number][] = [
  ['zero', 0],
  ['minusOne', -1],
  ['int4Overflow', 2 ** 31],
  ['maxSafe', 2 ** 53],
  ['fraction', 1.5],
];

/** Values of the wrong JSON type for a whole body. */
export const WRONG_TYPES: [string, unknown][] = [
  ['object', { a: 1 }],
  ['array', ['a']],
  ['bool', true],
  ['null', null],
  ['number', 12345],
  ['text', 'abc'],
];

/**
 * The hostile values for a body field of this schema: its own kind of trouble plus the wrong types
 * that coercion or a careless handler could let through.
 */
export function bodyMutations(schema: Schema): [string, unknown][] {
  switch (typeOf(schema)) {
    case 'integer':
    case 'number':
      return [...HOSTILE_NUMBERS, ['text', 'abc'], ['bool', true]];
    case 'boolean':
      return [
        ['text', 'abc'],
        ['number', 1],
        ['nul', 'a\u0000b'],
      ];
    case 'enum':
      return [
        ['nul', 'a\u0000b'],
        ['loneSurrogate', '\ud800'],
        ['number', 1],
      ];
    case 'array': {
      const item = unwrap(schema).items ?? {};
      return [
        ['text', 'abc'],
        ['object', { a: 1 }],
        ['huge', Array.from({ length: 10_000 }, () => 1)],
        ...bodyMutations(item).map(([k, v]): [string, unknown] => [`[${k}]`, [v]]),
      ];
    }
    case 'object':
      return [
        ['text', 'abc'],
        ['array', ['a']],
        ['nulKey', { 'a\u0000': 1 }],
        ['nulValue', { a: 'a\u0000b' }],
      ];
    default:
      return [...HOSTILE_TEXT, ['number', 12345], ['object', { a: 1 }]];
  }
}

/**
 * The hostile values for a query or path parameter, already percent-encoded (a lone surrogate cannot
 * pass encodeURIComponent, so it travels as its invalid UTF-8 bytes).
 */
export function paramMutations(schema: Schema, name: string): [string, string][] {
  const text: [string, string][] = [
    ['nul', 'a%00b'],
    ['loneSurrogate', '%ED%A0%80'],
    ['badUtf8', '%FF%FE'],
    ['huge', 'x'.repeat(100_000)],
    ['repeated', 'a&__dup__=b'],
  ];
  switch (typeOf(schema)) {
    case 'integer':
    case 'number':
      return [
        ['zero', '0'],
        ['minusOne', '-1'],
        ['int4Overflow', String(2 ** 31)],
        ['maxSafe', String(2 ** 53)],
        ['hugeExponent', '1e400'],
        ['text', 'abc'],
        ...(name === 'page' || name === 'pageSize' ? [] : text.slice(0, 1)),
      ];
    case 'enum':
    case 'boolean':
      return [['text', 'abc'], ...text.slice(0, 2), text[4]!];
    default:
      return [...text, ['like', encodeURIComponent('%_\\')]];
  }
}

/** `k=v&...` of already-encoded values. */
export const queryString = (params: Record<string, string>) =>
  Object.entries(params)
    .map(([k, v]) => (v.includes('&__dup__=') ? `${k}=${v.replace('&__dup__=', `&${k}=`)}` : `${k}=${v}`))
    .join('&');

export const encodeParam = (v: unknown) => encodeURIComponent(String(v));

/** Short enough to print: long strings cut, the rest as JSON. */
export function show(value: unknown): string {
  const text = JSON.stringify(value, (_k, v: unknown) =>
    typeof v === 'string' && v.length > 40 ? `${v.slice(0, 20)}…(${v.length} chars)` : v,
  );
  return text === undefined ? String(value) : text.length > 300 ? `${text.slice(0, 300)}…` : text;
}
