import { MoonOutlined, SunOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { HintedIconButton } from '@/components/intent/HintedIconButton';
import { useSettingsStore } from '@/stores/settings';

/** Light/dark switch; the choice persists with the other settings. The hint mounts on the first hover (IntentScope). */
export function ThemeToggle() {
  const { t } = useTranslation();
  const dark = useSettingsStore((s) => s.theme === 'dark');
  const toggleTheme = useSettingsStore((s) => s.toggleTheme);
  return (
    <HintedIconButton
      title={dark ? t('navbar.toLight') : t('navbar.toDark')}
      icon={dark ? <SunOutlined /> : <MoonOutlined />}
      onClick={toggleTheme}
    />
  );
}
