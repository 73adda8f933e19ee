import { Segmented } from 'antd';
import { useTranslation } from 'react-i18next';
import { changeLocale } from '@/i18n/i18n';
import { LOCALES, type Locale } from '@/i18n/locales';

const LANGUAGE_NAMES: Record<Locale, string> = { 'zh-CN': '中文', 'en-US': 'English' };

/** A self-registration page's language switch (its label `selfReg.language` comes with the page's messages). */
export function LanguageSwitch() {
  const { t, i18n } = useTranslation();
  return (
    <Segmented
      size="small"
      style={{ flex: 'none' }}
      aria-label={t('selfReg.language')}
      value={i18n.language}
      options={LOCALES.map((l) => ({ value: l, label: LANGUAGE_NAMES[l] }))}
      onChange={(l) => void changeLocale(l as Locale)}
    />
  );
}
