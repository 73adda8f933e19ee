import type { Hj212Cp } from './cp.ts';
import { setOwn } from './own.ts';
import { codeInfo, fieldOfCode } from './pollutant-codes.ts';

// ---------------------------------------------------------------------------------------------------
// An upload's values as the dust device's telemetry (TELEMETRY_FIELDS.dust): what the platform stores
// and charts, whichever protocol a monitor speaks.

export interface DustReading {
  /** Field -> value; a code the table does not know is kept under its code. */
  data: Record<string, number>;
  /** Field -> data flag, for the values that had one (see isNormal). */
  flags: Record<string, string>;
}

/**
 * One statistic of each code: `Rtd` for real-time data, `Avg` for minute/hour/day data. Noise in
 * period data is often `LA-Data` rather than `LA-Avg`, so `Data` stands in for a missing `Avg`.
 * When two codes fill one field (LA and Leq), the code named by the field wins.
 */
export function toDustReading(cp: Hj212Cp, stat: 'Rtd' | 'Avg' | 'Min' | 'Max' = 'Rtd'): DustReading {
  const out: DustReading = { data: {}, flags: {} };
  const codes = Object.keys(cp.values).sort((a, b) => rank(a) - rank(b));
  for (const code of codes) {
    const v = cp.values[code];
    const value = v[stat] ?? (stat === 'Avg' ? numberOf(v.extra?.Data) : undefined);
    const field = fieldOfCode(code);
    if (value === undefined || Object.hasOwn(out.data, field)) continue;
    setOwn(out.data, field, value);
    if (v.Flag !== undefined) setOwn(out.flags, field, v.Flag);
  }
  return out;
}

/** Codes that are their own field first, then aliases. */
function rank(code: string): number {
  return codeInfo(code)?.field === undefined ? 0 : 1;
}

function numberOf(text: string | undefined): number | undefined {
  const n = text === undefined || text.trim() === '' ? NaN : Number(text);
  return Number.isFinite(n) ? n : undefined;
}
