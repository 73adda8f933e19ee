import { getOwn, setOwn } from './own.ts';

// ---------------------------------------------------------------------------------------------------
// The command parameters, `CP=&&...&&`: groups split by `;`, items in a group by `,`, each `key=value`.
// `code-Field=value` items are a pollutant's values; other keys (DataTime, RtdInterval, QnRtn...) are
// the packet's own parameters.

/** One code's values. Other fields (ZsRtd, EFlag, SampleTime, RS, Info...) are kept as text in `extra`. */
export interface Hj212Value {
  Rtd?: number;
  Avg?: number;
  Min?: number;
  Max?: number;
  Cou?: number;
  /** The data flag (see DATA_FLAGS): whether the instrument was working normally. */
  Flag?: string;
  extra?: Record<string, string>;
}

export interface Hj212Cp {
  /** DataTime as written (YYYYMMDDhhmmss, the unit's local time); parseHjTime turns it into an instant. */
  dataTime?: string;
  values: Record<string, Hj212Value>;
  /** Keys without a code, as text, in the order written (RtdInterval, SystemTime, QnRtn, PolId...). */
  other: Record<string, string>;
}

const NUMERIC = ['Rtd', 'Cou', 'Min', 'Avg', 'Max'] as const;
type NumericField = (typeof NUMERIC)[number];
const isNumeric = (f: string): f is NumericField => (NUMERIC as readonly string[]).includes(f);

/**
 * The CP's content (between `CP=&&` and the closing `&&`). Lenient by design: an item without `=` is
 * kept with an empty value and a number that does not parse stays as text in `extra`, so one odd
 * field of one vendor does not lose the whole upload.
 */
export function parseCp(content: string): Hj212Cp {
  const cp: Hj212Cp = { values: {}, other: {} };
  for (const item of content.split(/[;,]/)) {
    if (item === '') continue;
    const eq = item.indexOf('=');
    const key = eq < 0 ? item : item.slice(0, eq);
    const value = eq < 0 ? '' : item.slice(eq + 1);
    const dash = key.lastIndexOf('-');
    if (dash <= 0) {
      if (key === 'DataTime') cp.dataTime = value;
      else setOwn(cp.other, key, value);
      continue;
    }
    const code = key.slice(0, dash);
    const field = key.slice(dash + 1);
    const v = getOwn(cp.values, code) ?? setOwn(cp.values, code, {});
    const n = value.trim() === '' ? NaN : Number(value);
    if (isNumeric(field) && Number.isFinite(n)) v[field] = n;
    else if (field === 'Flag') v.Flag = value;
    else setOwn((v.extra ??= {}), field, value);
  }
  return cp;
}

/**
 * A number as HJ 212 writes it: plain decimal, never an exponent, at most 6 decimals, no trailing zeros.
 */
export function formatHjNumber(n: number): string {
  if (!Number.isFinite(n)) throw new RangeError(`HJ 212 cannot carry ${n}`);
  if (Number.isInteger(n)) return String(n);
  return n.toFixed(6).replace(/0+$/, '').replace(/\.$/, '');
}

/** One code's group, e.g. `a34004-Rtd=45.2,a34004-Flag=N`: numbers first, then extra fields, flag last. */
export function formatValueGroup(code: string, v: Hj212Value): string {
  const items: string[] = [];
  for (const f of NUMERIC) if (v[f] !== undefined) items.push(`${code}-${f}=${formatHjNumber(v[f])}`);
  for (const [f, text] of Object.entries(v.extra ?? {})) items.push(`${code}-${f}=${text}`);
  if (v.Flag !== undefined) items.push(`${code}-Flag=${v.Flag}`);
  return items.join(',');
}

/** The CP's groups, in the order they are written: DataTime, the other keys, then one group per code. */
export function cpGroups(cp: Hj212Cp): string[] {
  const groups: string[] = [];
  if (cp.dataTime !== undefined) groups.push(`DataTime=${cp.dataTime}`);
  for (const [k, v] of Object.entries(cp.other)) groups.push(`${k}=${v}`);
  for (const [code, v] of Object.entries(cp.values)) {
    const g = formatValueGroup(code, v);
    if (g !== '') groups.push(g);
  }
  return groups;
}

/** The CP's content, without the `CP=&&` `&&` around it. */
export function formatCp(cp: Hj212Cp): string {
  return cpGroups(cp).join(';');
}
