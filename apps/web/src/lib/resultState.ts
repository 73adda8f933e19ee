/**
 * What a form hands the result page it lands on (router location state): i18n keys, not texts, so the
 * page follows a language switch. Absent, the pages say the spec's generic words.
 */
export interface ResultState {
  subTitleKey?: string;
  subTitleParams?: Record<string, string | number>;
  /** The primary button: where the thing just made (or the form to correct) is. */
  link?: { to: string; labelKey: string };
  /** The server's own words about the failure, shown under the subtitle. */
  detail?: string;
}

export const resultStateOf = (state: unknown): ResultState =>
  typeof state === 'object' && state !== null ? (state as ResultState) : {};
