import { useMemo, useState } from 'react';
import { Menu, type MenuProps } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { menuForRole, type MenuNode } from '@siteops/contracts/shared/routes';
import { RouteIcon } from '@/components/RouteIcon';
import { useSettingsStore } from '@/stores/settings';
import { useUserStore } from '@/stores/user';
import { useCurrentRoute } from './useCurrentRoute';

type Item = Required<MenuProps>['items'][number];

/** The menu tree: the route table cut to the (possibly switched) role, or the server's menu (spec 2). */
function useMenuNodes(): readonly MenuNode[] {
  const role = useUserStore((s) => s.role);
  const menuFromServer = useSettingsStore((s) => s.menuFromServer);
  const serverMenu = useSettingsStore((s) => s.serverMenu);
  return useMemo(
    () => (menuFromServer ? serverMenu : role ? menuForRole(role) : []),
    [menuFromServer, serverMenu, role],
  );
}

/**
 * Side menu. Item labels carry `data-route-name` (and `data-route-parent`) so tests can compare the
 * drawn menu with the route table without depending on the language.
 */
export function SideMenu({ collapsed = false, onNavigate }: { collapsed?: boolean; onNavigate?: () => void }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const nodes = useMenuNodes();
  const current = useCurrentRoute();
  const section = current?.parent;

  // The current page's section opens by itself; the user may open and close others freely.
  const [openKeys, setOpenKeys] = useState<string[]>(section ? [section] : []);
  const [openedFor, setOpenedFor] = useState(section);
  if (section !== openedFor) {
    setOpenedFor(section);
    if (section && !openKeys.includes(section)) setOpenKeys([...openKeys, section]);
  }

  const paths = useMemo(() => {
    const map = new Map<string, string>();
    const walk = (list: readonly MenuNode[]) =>
      list.forEach((n) => {
        map.set(n.name, n.path);
        walk(n.children ?? []);
      });
    walk(nodes);
    return map;
  }, [nodes]);

  const items: Item[] = nodes.map((root) => ({
    key: root.name,
    icon: <RouteIcon name={root.icon} />,
    label: <span data-route-name={root.name}>{t(root.i18nKey)}</span>,
    children: (root.children ?? []).map((child) => ({
      key: child.name,
      label: (
        <span data-route-name={child.name} data-route-parent={root.name}>
          {t(child.i18nKey)}
        </span>
      ),
    })),
  }));

  return (
    <Menu
      mode="inline"
      items={items}
      selectedKeys={current ? [current.name] : []}
      {...(collapsed ? {} : { openKeys, onOpenChange: setOpenKeys })}
      // A closed section mounts its entries when first opened. No forceSubMenuRender: rc-menu would also
      // draw every section a second time as a hidden popup, and each popup measures the page (issue 9).
      onClick={({ key }) => {
        const path = paths.get(key);
        if (path) void navigate(path);
        onNavigate?.();
      }}
      style={{ borderInlineEnd: 'none' }}
    />
  );
}
