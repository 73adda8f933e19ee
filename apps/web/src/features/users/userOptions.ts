import type { TFunction } from 'i18next';
import { CERTIFICATION, CULTURE_LEVELS, POLITICS, SEX, USER_ENABLED } from '@siteops/contracts/user/schemas';

/** Values shown on several pages have one label set, shared by all of them (i18n `values.*`). */
const SHARED: Record<string, string> = {
  sexOptions: 'values.sex',
  enabledOptions: 'values.enabled',
  certificationOptions: 'values.certification',
};
const prefixOf = (group: string) => SHARED[group] ?? `users.${group}`;

/** Spec 3's option lists as Select options, labelled in the current language; stored as the codes. */
export function optionsOf(t: TFunction) {
  const of = (codes: readonly string[], group: string) =>
    codes.map((value) => ({ value, label: t(`${prefixOf(group)}.${value}`) }));
  return {
    sex: of(SEX, 'sexOptions'),
    politics: of(POLITICS, 'politicsOptions'),
    cultureLevel: of(CULTURE_LEVELS, 'cultureLevelOptions'),
    enabled: of(USER_ENABLED, 'enabledOptions'),
    certification: of(CERTIFICATION, 'certificationOptions'),
    yesNo: [
      { value: 'true', label: t('users.yes') },
      { value: 'false', label: t('users.no') },
    ],
  };
}

/** A stored option code in the current language (unknown codes as they are, empty as a dash). */
export function labelOf(t: TFunction, group: string, code: string | null | undefined) {
  if (!code) return '-';
  const key = `${prefixOf(group)}.${code}`;
  const text = t(key);
  return text === key ? code : text;
}
