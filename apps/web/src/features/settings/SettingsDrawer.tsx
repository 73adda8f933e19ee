import { Alert, Button, Drawer, InputNumber, Switch } from 'antd';
import { CopyOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { useRevalidator } from 'react-router';
import { copyText } from '@/lib/clipboard';
import { loadServerMenu } from '@/lib/session';
import { TABS_MAX_MAX, TABS_MAX_MIN } from '@/stores/tabList';
import {
  clampMenuWidth,
  clampTabsMax,
  MENU_WIDTH_MAX,
  MENU_WIDTH_MIN,
  persistedSettings,
  useSettingsStore,
  type AppSettings,
} from '@/stores/settings';
import { SettingRow, SettingSection } from './SettingRow';
import { ThemeColorPicker } from './ThemeColorPicker';
import { message } from '@/lib/feedback';

/** Where "copy settings" output belongs: the defaults every browser starts from. */
const SETTINGS_FILE = 'apps/web/src/config/settings.json';

/** Colours offered next to the free picker: the default blue first. */
type BooleanSetting = 'navbar' | 'menu' | 'tabBar' | 'footer' | 'colorWeak' | 'watermark';

/** Spec 2/3 settings drawer (width 300). Every change applies at once and is stored in this browser. */
export function SettingsDrawer() {
  const { t } = useTranslation();
  const settings = useSettingsStore();
  const { update } = settings;
  const revalidator = useRevalidator();

  const toggle = (key: BooleanSetting, label: string) => (
    <SettingRow label={label}>
      <Switch aria-label={label} checked={settings[key]} onChange={(checked) => update({ [key]: checked })} />
    </SettingRow>
  );

  const setMenuFromServer = async (on: boolean) => {
    update({ menuFromServer: on });
    if (on && useSettingsStore.getState().serverMenu.length === 0) {
      // A failure was already reported; the guard tries again on the next navigation.
      if ((await loadServerMenu()).length === 0) return;
    }
    // The current page must pass the guard under the new rule too.
    await revalidator.revalidate();
  };

  const copySettings = async () => {
    const state: AppSettings = useSettingsStore.getState();
    try {
      await copyText(JSON.stringify(persistedSettings(state), null, 2));
      message().success(t('settings.copied'));
    } catch {
      message().error(t('settings.copyFailed'));
    }
  };

  return (
    <Drawer
      title={t('settings.title')}
      size={300}
      open={settings.globalSettings}
      onClose={() => update({ globalSettings: false })}
      footer={
        <Button type="primary" block icon={<CopyOutlined />} onClick={() => void copySettings()}>
          {t('settings.copy')}
        </Button>
      }
    >
      <SettingSection title={t('settings.theme')}>
        <SettingRow label={t('settings.dark')}>
          <Switch
            aria-label={t('settings.dark')}
            checked={settings.theme === 'dark'}
            onChange={(dark) => update({ theme: dark ? 'dark' : 'light' })}
          />
        </SettingRow>
        <ThemeColorPicker value={settings.themeColor} onChange={(themeColor) => update({ themeColor })} />
      </SettingSection>
      <SettingSection title={t('settings.content')}>
        {toggle('navbar', t('settings.navbar'))}
        {toggle('menu', t('settings.menu'))}
        {toggle('tabBar', t('settings.tabBar'))}
        <SettingRow label={t('settings.tabsMax')}>
          <InputNumber
            aria-label={t('settings.tabsMax')}
            min={TABS_MAX_MIN}
            max={TABS_MAX_MAX}
            value={settings.tabsMax}
            onChange={(max) => {
              if (typeof max === 'number') update({ tabsMax: clampTabsMax(max) });
            }}
            style={{ width: 100 }}
          />
        </SettingRow>
        {toggle('footer', t('settings.footer'))}
        {toggle('watermark', t('settings.watermark'))}
        <SettingRow label={t('settings.menuFromServer')}>
          <Switch
            aria-label={t('settings.menuFromServer')}
            checked={settings.menuFromServer}
            onChange={(on) => void setMenuFromServer(on)}
          />
        </SettingRow>
        <SettingRow label={t('settings.menuWidth')}>
          <InputNumber
            aria-label={t('settings.menuWidth')}
            min={MENU_WIDTH_MIN}
            max={MENU_WIDTH_MAX}
            step={10}
            value={settings.menuWidth}
            onChange={(width) => {
              if (typeof width === 'number') update({ menuWidth: clampMenuWidth(width) });
            }}
            style={{ width: 100 }}
          />
        </SettingRow>
      </SettingSection>
      <SettingSection title={t('settings.other')}>{toggle('colorWeak', t('settings.colorWeak'))}</SettingSection>
      <Alert
        type="info"
        showIcon
        title={t('settings.alert')}
        description={<code style={{ wordBreak: 'break-all' }}>{SETTINGS_FILE}</code>}
      />
    </Drawer>
  );
}
