import { Button } from 'antd';
import { MoonOutlined, SunOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { LazyTooltip } from '@/components/intent/LazyTooltip';
import { useSettingsStore } from '@/stores/settings';

/** Light/dark switch; the choice persists with the other settings. The hint mounts on the first hover (IntentScope). */
export function ThemeToggle() {
  const { t } = useTranslation();
  const dark = useSettingsStore((s) => s.theme === 'dark');
  const toggleTheme = useSettingsStore((s) => s.toggleTheme);
  const label = dark ? t('navbar.toLight') : t('navbar.toDark');
  return (
    <LazyTooltip title={label}>
      <Button
        type="text"
        shape="circle"
        icon={dark ? <SunOutlined /> : <MoonOutlined />}
        aria-label={label}
        onClick={toggleTheme}
      />
    </LazyTooltip>
  );
}
