import { useLayoutEffect, useRef, type KeyboardEvent, type ReactNode, type RefObject } from 'react';
import { Button, Dropdown, Tabs, theme, type MenuProps } from 'antd';
import {
  CloseOutlined,
  ColumnWidthOutlined,
  DownOutlined,
  MinusOutlined,
  ReloadOutlined,
  VerticalLeftOutlined,
  VerticalRightOutlined,
} from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { IntentScope } from '@/components/intent/IntentScope';
import { LazyDropdown } from '@/components/intent/LazyDropdown';
import { WhenArmed } from '@/components/intent/WhenArmed';
import { HOME_TAB, isHome, neighbourOf, type TabItem } from '@/stores/tabList';
import { useTabsStore } from '@/stores/tabs';
import { useCurrentRoute } from './useCurrentRoute';

type Action = 'reload' | 'close' | 'closeLeft' | 'closeRight' | 'closeOthers' | 'closeAll';

const ICONS: Record<Action, ReactNode> = {
  reload: <ReloadOutlined />,
  close: <CloseOutlined />,
  closeLeft: <VerticalRightOutlined />,
  closeRight: <VerticalLeftOutlined />,
  closeOthers: <ColumnWidthOutlined />,
  closeAll: <MinusOutlined />,
};

/**
 * antd puts role="tablist" on the whole strip, which also holds its overflow ("more") button once many
 * pages are open; a tablist may own only tabs. The role moves to the inner list that holds just the tabs.
 * React leaves the attributes alone afterwards: rc-tabs renders them as constant props.
 */
function useTablistOfTabsOnly(navRef: RefObject<HTMLElement | null>) {
  useLayoutEffect(() => {
    const strip = navRef.current?.querySelector('.ant-tabs-nav[role="tablist"]');
    const list = strip?.querySelector('.ant-tabs-nav-list');
    if (!strip || !list) return;
    list.setAttribute('role', 'tablist');
    list.setAttribute('aria-orientation', strip.getAttribute('aria-orientation') ?? 'horizontal');
    strip.removeAttribute('role');
    strip.removeAttribute('aria-orientation');
  });
}

/**
 * Tabs of the visited pages (persisted), with reload and close actions on each tab's context menu. The
 * menus mount when the pointer or the keyboard first reaches the tab bar (IntentScope), not in its first paint.
 */
export function TabBar() {
  const { t } = useTranslation();
  const { token } = theme.useToken();
  const navigate = useNavigate();
  const current = useCurrentRoute();
  const store = useTabsStore();
  const { tabs } = store;
  const activeKey = current?.tab ? current.path : undefined;

  const run = (action: Action, tab: TabItem) => {
    if (action === 'reload') {
      // Dropping it from the cache and passing through /redirect remounts the page with fresh state.
      store.uncache(tab.key);
      void navigate(`/redirect${tab.fullPath}`);
      return;
    }
    const fallback = action === 'close' ? neighbourOf(tabs, tab.key) : action === 'closeAll' ? HOME_TAB : tab;
    if (action === 'close') store.close(tab.key);
    if (action === 'closeLeft') store.closeLeft(tab.key);
    if (action === 'closeRight') store.closeRight(tab.key);
    if (action === 'closeOthers') store.closeOthers(tab.key);
    if (action === 'closeAll') store.closeAll();
    const remaining = useTabsStore.getState().tabs;
    // The page on screen was closed: show its neighbour (close), the chosen tab, or the workplace.
    if (activeKey && !remaining.some((x) => x.key === activeKey)) void navigate(fallback.fullPath);
  };

  const menuFor = (tab: TabItem): MenuProps => {
    const index = tabs.findIndex((x) => x.key === tab.key);
    const disabled: Record<Action, boolean> = {
      reload: tab.key !== activeKey,
      close: isHome(tab.key),
      closeLeft: tabs.slice(0, index).every((x) => isHome(x.key)),
      closeRight: index === tabs.length - 1,
      closeOthers: tabs.every((x) => x.key === tab.key || isHome(x.key)),
      closeAll: tabs.length <= 1,
    };
    return {
      items: (Object.keys(ICONS) as Action[]).map((action) => ({
        key: action,
        icon: ICONS[action],
        label: t(`tabs.${action}`),
        disabled: disabled[action],
      })),
      onClick: ({ key, domEvent }) => {
        domEvent.stopPropagation();
        run(key as Action, tab);
      },
    };
  };

  const activeTab = tabs.find((x) => x.key === activeKey);
  const navRef = useRef<HTMLElement>(null);

  /** APG's closable tabs: Delete closes the focused tab (the × beside a title is for the mouse). */
  const closeFocused = (event: KeyboardEvent<HTMLElement>) => {
    if (event.key !== 'Delete') return;
    const key = (event.target as HTMLElement).closest('[data-node-key]')?.getAttribute('data-node-key');
    const tab = tabs.find((x) => x.key === key);
    if (tab && !isHome(tab.key)) run('close', tab);
  };

  useTablistOfTabsOnly(navRef);

  // The actions button sits beside the tabs, not in antd's tab strip: a tablist may hold only tabs, so
  // antd's editable tabs (close buttons inside the tablist) fail WAI-ARIA; closing is on the tab instead.
  return (
    <nav
      ref={navRef}
      aria-label={t('tabs.label')}
      data-testid="tab-bar"
      onKeyDown={closeFocused}
      style={{
        display: 'flex',
        alignItems: 'center',
        gap: 8,
        paddingInline: 16,
        paddingTop: 6,
        background: token.colorBgContainer,
      }}
    >
      <IntentScope>
        <Tabs
          type="card"
          size="small"
          style={{ flex: 1, minWidth: 0 }}
          activeKey={activeKey}
          onChange={(key) => {
            const tab = tabs.find((x) => x.key === key);
            if (tab) void navigate(tab.fullPath);
          }}
          tabBarStyle={{ margin: 0 }}
          items={tabs.map((tab) => ({
            key: tab.key,
            label: (
              <WhenArmed
                render={(label) => (
                  <Dropdown trigger={['contextMenu']} menu={menuFor(tab)}>
                    {label}
                  </Dropdown>
                )}
              >
                <span>
                  {t(tab.i18nKey)}
                  {!isHome(tab.key) && (
                    <CloseOutlined
                      aria-hidden
                      data-testid="tab-close"
                      title={t('tabs.closeHint')}
                      style={{ marginInlineStart: 8, fontSize: 10, color: token.colorTextTertiary }}
                      onClick={(event) => {
                        event.stopPropagation();
                        run('close', tab);
                      }}
                    />
                  )}
                </span>
              </WhenArmed>
            ),
          }))}
        />
        {activeTab && (
          <LazyDropdown placement="bottomRight" menu={menuFor(activeTab)}>
            <Button type="text" size="small" icon={<DownOutlined />} aria-label={t('tabs.actions')} />
          </LazyDropdown>
        )}
      </IntentScope>
    </nav>
  );
}
