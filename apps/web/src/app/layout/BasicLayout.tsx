import { lazy, useEffect, useState } from 'react';
import { Button, Drawer, FloatButton, Layout, theme } from 'antd';
import { MenuFoldOutlined, MenuUnfoldOutlined, SettingOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import { useShallow } from 'zustand/react/shallow';
import { PHONE_QUERY, useMediaQuery } from '@/hooks/useMediaQuery';
import { useOpenedOnce } from '@/hooks/useOpenedOnce';
import { MountWhen } from '@/components/intent/MountWhen';
import { fetchAntdStylesheetWhenIdle } from '@/app/providers/fetchAntdStylesheet';
import { keepTablesAccessible } from '@/lib/tableAccessibility';
import { useSettingsStore } from '@/stores/settings';
import { useTabsStore } from '@/stores/tabs';
import { useUserStore } from '@/stores/user';
import { AppFooter } from './AppFooter';
import { ForcePasswordChange } from './ForcePasswordChange';
import { KeepAlivePages } from './KeepAlivePages';
import { Navbar, NAVBAR_HEIGHT } from './Navbar';
import { PageBreadcrumb } from './PageBreadcrumb';
import { PageWatermark } from './PageWatermark';
import { RolePreviewBanner } from './RolePreviewBanner';
import { SideMenu } from './SideMenu';
import { TabBar } from './TabBar';
import { useCurrentRoute } from './useCurrentRoute';
import { useRefusalNotice } from './useRefusalNotice';

const COLLAPSED_WIDTH = 64;

// Loaded when first opened: colour picker, select and the rest are not needed to show a page.
const SettingsDrawer = lazy(() =>
  import('@/features/settings/SettingsDrawer').then((m) => ({ default: m.SettingsDrawer })),
);

function LazySettingsDrawer() {
  const opened = useOpenedOnce(useSettingsStore((s) => s.globalSettings));
  return (
    <MountWhen when={opened}>
      <SettingsDrawer />
    </MountWhen>
  );
}

/** Keeps `device` and `hideMenu` (spec 3) in step with the screen: narrow screens get the menu in a drawer. */
function useDeviceSettings() {
  const mobile = useMediaQuery(PHONE_QUERY);
  const update = useSettingsStore((s) => s.update);
  useEffect(() => {
    update({ device: mobile ? 'mobile' : 'desktop', hideMenu: mobile });
  }, [mobile, update]);
  return mobile;
}

/** Adds the page on screen to the tab bar (and to the kept-alive pages). */
function useTrackTabs() {
  const current = useCurrentRoute();
  const location = useLocation();
  const open = useTabsStore((s) => s.open);
  const tabsMax = useSettingsStore((s) => s.tabsMax);
  const fullPath = location.pathname + location.search;
  useEffect(() => {
    // A slow page's render can commit after the address has moved on (its tab closed meanwhile, which
    // navigated elsewhere): only the page the address shows now gets a tab, or the closed one returns.
    if (window.location.pathname + window.location.search !== fullPath) return;
    if (current?.tab) open({ key: current.path, name: current.name, i18nKey: current.i18nKey, fullPath }, tabsMax);
  }, [current, fullPath, open, tabsMax]);
}

/** The console shell around every logged-in page. */
export function BasicLayout() {
  const { t } = useTranslation();
  const { token } = theme.useToken();
  const settings = useSettingsStore(
    useShallow((s) => ({
      navbar: s.navbar,
      menu: s.menu,
      hideMenu: s.hideMenu,
      menuCollapse: s.menuCollapse,
      menuWidth: s.menuWidth,
      tabBar: s.tabBar,
      footer: s.footer,
      update: s.update,
    })),
  );
  const mobile = useDeviceSettings();
  const [menuDrawerOpen, setMenuDrawerOpen] = useState(false);
  useTrackTabs();
  useRefusalNotice();
  useEffect(fetchAntdStylesheetWhenIdle, []);
  // Tables are drawn inside the console only; over the whole body, as drawers and modals render outside it.
  useEffect(() => keepTablesAccessible(document.body), []);

  // A password set by an admin is changed first, and quietly: the server refuses everything else until
  // then, so nothing behind the dialog is drawn (no page, no navbar, hence no refusals and no "failed"
  // panels); the console is drawn, and loads, once the password is the user's own (issue 33).
  const mustChangePassword = useUserStore((s) => s.info?.mustChangePassword ?? false);
  if (mustChangePassword) {
    return (
      <Layout style={{ minHeight: '100vh' }} data-testid="console-layout">
        <ForcePasswordChange />
      </Layout>
    );
  }

  const top = settings.navbar ? NAVBAR_HEIGHT : 0;
  const showSider = settings.menu && !settings.hideMenu;
  const collapsed = settings.menuCollapse;

  return (
    <Layout style={{ minHeight: '100vh' }} data-testid="console-layout">
      {settings.navbar && (
        <Navbar compact={mobile} onOpenMenu={settings.menu && mobile ? () => setMenuDrawerOpen(true) : undefined} />
      )}
      <Layout hasSider={showSider}>
        {showSider && (
          <Layout.Sider
            data-testid="side-menu"
            width={settings.menuWidth}
            collapsedWidth={COLLAPSED_WIDTH}
            collapsed={collapsed}
            trigger={null}
            theme="light"
            style={{
              position: 'sticky',
              top,
              height: `calc(100vh - ${top}px)`,
              overflow: 'hidden',
              borderInlineEnd: `1px solid ${token.colorBorderSecondary}`,
            }}
          >
            <nav aria-label={t('navbar.mainMenu')} style={{ display: 'flex', flexDirection: 'column', height: '100%' }}>
              <div style={{ flex: 1, overflowY: 'auto', overflowX: 'hidden' }}>
                <SideMenu collapsed={collapsed} />
              </div>
              <div style={{ padding: 8, borderTop: `1px solid ${token.colorBorderSecondary}` }}>
                <Button
                  type="text"
                  block
                  icon={collapsed ? <MenuUnfoldOutlined /> : <MenuFoldOutlined />}
                  aria-label={collapsed ? t('navbar.expandMenu') : t('navbar.collapseMenu')}
                  onClick={() => settings.update({ menuCollapse: !collapsed })}
                />
              </div>
            </nav>
          </Layout.Sider>
        )}
        <Layout style={{ minWidth: 0 }}>
          <RolePreviewBanner />
          {settings.tabBar && <TabBar />}
          <Layout.Content style={{ padding: 16 }}>
            <main style={{ position: 'relative' }}>
              <PageBreadcrumb />
              <KeepAlivePages />
              <PageWatermark />
            </main>
          </Layout.Content>
          {settings.footer && <AppFooter />}
        </Layout>
      </Layout>
      {settings.menu && mobile && (
        <Drawer
          placement="left"
          size={Math.min(settings.menuWidth, 320)}
          open={menuDrawerOpen}
          onClose={() => setMenuDrawerOpen(false)}
          styles={{ body: { padding: 0 } }}
        >
          <SideMenu onNavigate={() => setMenuDrawerOpen(false)} />
        </Drawer>
      )}
      {!settings.navbar && (
        <FloatButton
          type="primary"
          icon={<SettingOutlined />}
          tooltip={t('settings.open')}
          aria-label={t('settings.open')}
          onClick={() => settings.update({ globalSettings: true })}
        />
      )}
      <LazySettingsDrawer />
    </Layout>
  );
}
