import type { ReactNode } from 'react';
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
import { HOME_TAB, isHome, neighbourOf, type TabItem } from '../../stores/tabList';
import { useTabsStore } from '../../stores/tabs';
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

/** Tabs of the visited pages (persisted), with reload and close actions on each tab's context menu. */
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

  return (
    <nav aria-label={t('tabs.label')} data-testid="tab-bar">
      <Tabs
        type="editable-card"
        size="small"
        hideAdd
        activeKey={activeKey}
        onChange={(key) => {
          const tab = tabs.find((x) => x.key === key);
          if (tab) void navigate(tab.fullPath);
        }}
        onEdit={(key, action) => {
          const tab = typeof key === 'string' ? tabs.find((x) => x.key === key) : undefined;
          if (action === 'remove' && tab) run('close', tab);
        }}
        locale={{ removeAriaLabel: t('tabs.close') }}
        tabBarStyle={{ margin: 0, paddingInline: 16, paddingTop: 6, background: token.colorBgContainer }}
        tabBarExtraContent={
          activeTab && (
            <Dropdown trigger={['click']} placement="bottomRight" menu={menuFor(activeTab)}>
              <Button type="text" size="small" icon={<DownOutlined />} aria-label={t('tabs.actions')} />
            </Dropdown>
          )
        }
        items={tabs.map((tab) => ({
          key: tab.key,
          closable: !isHome(tab.key),
          label: (
            <Dropdown trigger={['contextMenu']} menu={menuFor(tab)}>
              <span>{t(tab.i18nKey)}</span>
            </Dropdown>
          ),
        }))}
      />
    </nav>
  );
}
