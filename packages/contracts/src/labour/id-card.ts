/**
 * Mainland resident ID numbers (居民身份证, GB 11643-1999): 18 characters, the last an ISO 7064 MOD 11-2
 * check digit (0-9 or X); characters 7-14 the birth date, the 17th odd for a man and even for a woman.
 */
const WEIGHTS = [7, 9, 10, 5, 8, 4, 2, 1, 6, 3, 7, 9, 10, 5, 8, 4, 2];
const CHECK = '10X98765432';

/** The check digit of the first 17 digits. */
export function mainlandIdCheckDigit(first17: string): string {
  let sum = 0;
  for (let i = 0; i < 17; i++) sum += Number(first17[i]) * WEIGHTS[i];
  return CHECK[sum % 11];
}

export type MainlandIdProblem = 'format' | 'checkDigit' | 'birthDate';

/** What a mainland ID number says, or why it is not one. `id` normalised (no spaces, upper-case). */
export function parseMainlandId(
  id: string,
): { ok: true; gender: 'male' | 'female'; birthDate: string } | { ok: false; problem: MainlandIdProblem } {
  if (!/^\d{17}[\dX]$/.test(id)) return { ok: false, problem: 'format' };
  if (mainlandIdCheckDigit(id.slice(0, 17)) !== id[17]) return { ok: false, problem: 'checkDigit' };
  const birthDate = `${id.slice(6, 10)}-${id.slice(10, 12)}-${id.slice(12, 14)}`;
  const d = new Date(`${birthDate}T00:00:00Z`);
  if (Number.isNaN(d.getTime()) || !d.toISOString().startsWith(birthDate) || birthDate < '1900-01-01') {
    return { ok: false, problem: 'birthDate' };
  }
  return { ok: true, gender: Number(id[16]) % 2 === 1 ? 'male' : 'female', birthDate };
}
