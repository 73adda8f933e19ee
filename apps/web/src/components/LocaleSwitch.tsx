import { Button, Dropdown } from 'antd';
import { TranslationOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { changeLocale } from '../i18n/i18n';
import { isLocale, LOCALES } from '../i18n/locales';

/** Language menu (navbar and login page). The choice is kept in localStorage under `locale`. */
export function LocaleSwitch() {
  const { t, i18n } = useTranslation();
  return (
    <Dropdown
      trigger={['click']}
      menu={{
        selectable: true,
        selectedKeys: [i18n.language],
        items: LOCALES.map((locale) => ({ key: locale, label: t(`locale.${locale}`) })),
        onClick: ({ key }) => {
          if (isLocale(key)) void changeLocale(key);
        },
      }}
    >
      <Button type="text" shape="circle" icon={<TranslationOutlined />} aria-label={t('locale.switch')} />
    </Dropdown>
  );
}
