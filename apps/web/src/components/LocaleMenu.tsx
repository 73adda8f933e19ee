import type { ReactElement } from 'react';
import { Dropdown } from 'antd';
import { useTranslation } from 'react-i18next';
import { changeLocale } from '@/i18n/i18n';
import { isLocale, LOCALES } from '@/i18n/locales';
import { message } from '@/lib/feedback';

interface Props {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  children: ReactElement;
}

/** The language menu itself; LocaleSwitch loads it on first use (Dropdown brings antd's Menu along). */
export function LocaleMenu({ open, onOpenChange, children }: Props) {
  const { t, i18n } = useTranslation();
  return (
    <Dropdown
      trigger={['click']}
      open={open}
      onOpenChange={onOpenChange}
      menu={{
        selectable: true,
        selectedKeys: [i18n.language],
        items: LOCALES.map((locale) => ({ key: locale, label: t(`locale.${locale}`) })),
        onClick: ({ key }) => {
          onOpenChange(false);
          if (!isLocale(key) || key === i18n.language) return;
          // A toast still showing is in the language just left; it would stay so until it fades.
          message().destroy();
          void changeLocale(key);
        },
      }}
    >
      {children}
    </Dropdown>
  );
}
