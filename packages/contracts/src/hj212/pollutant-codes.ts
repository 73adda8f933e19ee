// ---------------------------------------------------------------------------------------------------
// Pollutant / parameter codes of a dust monitor, and how they map to the dust device's telemetry

export interface Hj212Code {
  code: string;
  name: string;
  /** As this platform's dust telemetry has it (the standard's ambient-air units). */
  unit: string;
  /**
   * The dust telemetry field (TELEMETRY_FIELDS.dust) this code fills, when it is not the code itself.
   * Several noise codes can fill `LA`; the table's order decides which wins.
   */
  field?: string;
}

/** A noise level in dB(A) (HJ 212-2017's noise codes). */
const noise = (code: string, name: string, field?: string): Hj212Code => ({
  code,
  name,
  unit: 'dB(A)',
  ...(field && { field }),
});

/**
 * The codes a construction-site dust/noise monitor sends (HJ 212-2017 appendix B: air particulates,
 * meteorology, noise). The dust telemetry fields are named by these very codes, so most map to
 * themselves; a code not in this table is kept under its own name.
 */
export const HJ212_CODES: readonly Hj212Code[] = [
  { code: 'a34001', name: 'TSP', unit: 'μg/m³' },
  { code: 'a34002', name: 'PM10', unit: 'μg/m³' },
  { code: 'a34004', name: 'PM2.5', unit: 'μg/m³' },
  { code: 'a34005', name: 'PM1.0', unit: 'μg/m³' },
  { code: 'a01001', name: 'Temperature', unit: '°C' },
  { code: 'a01002', name: 'Humidity', unit: '%RH' },
  { code: 'a01006', name: 'Pressure', unit: 'kPa' },
  { code: 'a01007', name: 'Wind speed', unit: 'm/s' },
  { code: 'a01008', name: 'Wind direction', unit: '°' },
  // Noise: the A-weighted sound level first; units that send only an equivalent level fill it too.
  noise('LA', 'A-weighted sound level'),
  noise('Leq', 'Equivalent continuous sound level', 'LA'),
  ...[5, 10, 50, 90, 95].map((n) => noise(`L${n}`, `Percentile level L${n}`)),
  noise('Ld', 'Daytime equivalent level'),
  noise('Ln', 'Night-time equivalent level'),
  noise('Ldn', 'Day-night equivalent level'),
  noise('LMx', 'Maximum sound level'),
  noise('LMn', 'Minimum sound level'),
  // HJ/T 212-2005's noise code, still sent by older units.
  noise('B03', 'Noise (2005)', 'LA'),
];

/** Looked up whatever the case: units write `La` and `LEQ` for the noise codes. */
const BY_CODE = new Map(HJ212_CODES.map((c) => [c.code.toLowerCase(), c]));

export function codeInfo(code: string): Hj212Code | undefined {
  return BY_CODE.get(code.toLowerCase());
}

/** The telemetry field a code's value goes to: the table's (in the table's spelling), else the code itself. */
export function fieldOfCode(code: string): string {
  const info = codeInfo(code);
  return info ? (info.field ?? info.code) : code;
}
