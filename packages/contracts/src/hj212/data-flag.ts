// ---------------------------------------------------------------------------------------------------
// Data flags (`xxx-Flag=N`): the state of the instrument when it measured a value (HJ 212-2017 table 5).

/**
 * What each flag means. A platform shows every reading but must not count one that is not `N` as a
 * valid measurement (an over-limit reading during calibration is not pollution), hence `isNormal`.
 * `P` is HJ/T 212-2005's power failure; 2017 dropped it but 2005 units still send it.
 */
export const DATA_FLAGS = {
  N: 'normal',
  F: 'stopped',
  M: 'maintenance',
  S: 'manually set value',
  D: 'fault',
  C: 'calibration',
  T: 'over the upper measuring limit',
  B: 'communication fault',
  P: 'power failure (2005)',
} as const;
export type DataFlag = keyof typeof DATA_FLAGS;

export function isDataFlag(flag: string): flag is DataFlag {
  return Object.hasOwn(DATA_FLAGS, flag);
}

/** A value is valid when its flag is `N`; a value without a flag (2005 units often omit it) counts as normal. */
export function isNormal(flag: string | undefined): boolean {
  return flag === undefined || flag === 'N';
}
