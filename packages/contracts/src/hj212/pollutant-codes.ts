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
  { code: 'LA', name: 'A-weighted sound level', unit: 'dB(A)' },
  { code: 'Leq', name: 'Equivalent continuous sound level', unit: 'dB(A)', field: 'LA' },
  { code: 'L5', name: 'Percentile level L5', unit: 'dB(A)' },
  { code: 'L10', name: 'Percentile level L10', unit: 'dB(A)' },
  { code: 'L50', name: 'Percentile level L50', unit: 'dB(A)' },
  { code: 'L90', name: 'Percentile level L90', unit: 'dB(A)' },
  { code: 'L95', name: 'Percentile level L95', unit: 'dB(A)' },
  { code: 'Ld', name: 'Daytime equivalent level', unit: 'dB(A)' },
  { code: 'Ln', name: 'Night-time equivalent level', unit: 'dB(A)' },
  { code: 'Ldn', name: 'Day-night equivalent level', unit: 'dB(A)' },
  { code: 'LMx', name: 'Maximum sound level', unit: 'dB(A)' },
  { code: 'LMn', name: 'Minimum sound level', unit: 'dB(A)' },
  // HJ/T 212-2005's noise code, still sent by older units.
  { code: 'B03', name: 'Noise (2005)', unit: 'dB(A)', field: 'LA' },
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
