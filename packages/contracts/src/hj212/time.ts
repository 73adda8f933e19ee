// ---------------------------------------------------------------------------------------------------
// Times: DataTime / SystemTime are YYYYMMDDhhmmss, QN is YYYYMMDDhhmmsszzz, all in the unit's local
// time with no zone written. Units in China run on UTC+8, so that is the default offset.

export const CHINA_UTC_OFFSET_MINUTES = 480;

const pad = (n: number, w = 2) => String(n).padStart(w, '0');

function fields(at: Date | number, offsetMin: number) {
  const d = new Date((typeof at === 'number' ? at : at.getTime()) + offsetMin * 60_000);
  return {
    ymdhms:
      `${d.getUTCFullYear()}${pad(d.getUTCMonth() + 1)}${pad(d.getUTCDate())}` +
      `${pad(d.getUTCHours())}${pad(d.getUTCMinutes())}${pad(d.getUTCSeconds())}`,
    ms: pad(d.getUTCMilliseconds(), 3),
  };
}

/** `at` as a DataTime / SystemTime (14 digits). */
export function formatHjTime(at: Date | number, offsetMin = CHINA_UTC_OFFSET_MINUTES): string {
  return fields(at, offsetMin).ymdhms;
}

/** `at` as a QN (17 digits: the time to the millisecond), the request id answers echo. */
export function formatQn(at: Date | number, offsetMin = CHINA_UTC_OFFSET_MINUTES): string {
  const f = fields(at, offsetMin);
  return f.ymdhms + f.ms;
}

/** A DataTime (14 digits) or QN (17) as an instant; null when it is not a real date and time. */
export function parseHjTime(text: string, offsetMin = CHINA_UTC_OFFSET_MINUTES): Date | null {
  const m = /^(\d{4})(\d{2})(\d{2})(\d{2})(\d{2})(\d{2})(\d{3})?$/.exec(text);
  if (!m) return null;
  const [y, mo, d, h, mi, s, ms] = m.slice(1).map((v) => Number(v ?? 0));
  const t = Date.UTC(y, mo - 1, d, h, mi, s, ms);
  const back = new Date(t);
  if (back.getUTCMonth() !== mo - 1 || back.getUTCDate() !== d || h > 23 || mi > 59 || s > 59) return null;
  return new Date(t - offsetMin * 60_000);
}
