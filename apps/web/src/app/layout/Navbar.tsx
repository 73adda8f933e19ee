import { Button, Flex, Layout, Typography, theme } from 'antd';
import { MenuOutlined, SettingOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { BrandLogo } from '@/components/BrandLogo';
import { IntentScope } from '@/components/intent/IntentScope';
import { HintedIconButton } from '@/components/intent/HintedIconButton';
import { LocaleSwitch } from '@/components/LocaleSwitch';
import { ThemeToggle } from '@/components/ThemeToggle';
import { HOME_PATH } from '@/lib/routeMeta';
import { useSettingsStore } from '@/stores/settings';
import { PaletteButton } from '@/features/command-palette/PaletteButton';
import { AvatarMenu } from './AvatarMenu';
import { MessageBox } from './MessageBox';

export const NAVBAR_HEIGHT = 56;

/**
 * Top bar: brand, and on the right locale, theme, messages, settings and the user's menu. `compact`
 * (narrow screens) keeps the icons and drops the brand name and the user's name. The buttons' tooltips,
 * the bell's box and the user's menu mount when the pointer or the keyboard first reaches them
 * (IntentScope), not in the console's first paint.
 */
export function Navbar({ onOpenMenu, compact = false }: { onOpenMenu?: () => void; compact?: boolean }) {
  const { t } = useTranslation();
  const { token } = theme.useToken();
  const update = useSettingsStore((s) => s.update);
  return (
    <Layout.Header
      style={{
        position: 'sticky',
        top: 0,
        zIndex: 100,
        height: NAVBAR_HEIGHT,
        lineHeight: `${NAVBAR_HEIGHT}px`,
        paddingInline: 16,
        display: 'flex',
        alignItems: 'center',
        justifyContent: 'space-between',
        background: token.colorBgContainer,
        borderBottom: `1px solid ${token.colorBorderSecondary}`,
      }}
    >
      <Flex align="center" gap={12}>
        {onOpenMenu && (
          <Button type="text" icon={<MenuOutlined />} aria-label={t('navbar.openMenu')} onClick={onOpenMenu} />
        )}
        <Link to={HOME_PATH} style={{ display: 'flex', alignItems: 'center', gap: 10 }}>
          <BrandLogo />
          {!compact && (
            <Typography.Text strong style={{ fontSize: 18, whiteSpace: 'nowrap' }}>
              {t('app.name')}
            </Typography.Text>
          )}
        </Link>
      </Flex>
      <IntentScope>
        <Flex align="center" gap={compact ? 0 : 4}>
          <PaletteButton />
          <LocaleSwitch />
          <ThemeToggle />
          <MessageBox />
          <HintedIconButton
            title={t('navbar.settings')}
            icon={<SettingOutlined />}
            onClick={() => update({ globalSettings: true })}
          />
          <AvatarMenu showName={!compact} />
        </Flex>
      </IntentScope>
    </Layout.Header>
  );
}
