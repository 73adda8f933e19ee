import { App, Avatar, Button, Dropdown, type MenuProps } from 'antd';
import { LogoutOutlined, SettingOutlined, SwapOutlined, UserOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate, useRevalidator } from 'react-router';
import { findRoute } from '@siteops/contracts/routes';
import { usePermission } from '../../hooks/usePermission';
import { loginHref } from '../../lib/loginRedirect';
import { pathOf } from '../../lib/routeMeta';
import { logout } from '../../lib/session';
import { avatarSrc, displayName, useUserStore } from '../../stores/user';
import { useCurrentRoute } from './useCurrentRoute';

/** "User centre" is the user information page, which only some roles may open. */
const USER_CENTER = 'info';
const USER_SETTINGS = 'setting';

export function AvatarMenu({ showName = true }: { showName?: boolean }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const navigate = useNavigate();
  const location = useLocation();
  const revalidator = useRevalidator();
  const current = useCurrentRoute();
  const info = useUserStore((s) => s.info);
  const switchRole = useUserStore((s) => s.switchRole);
  const name = displayName(info);

  const canOpenUserCenter = usePermission(findRoute(USER_CENTER)?.roles ?? []);
  const items: MenuProps['items'] = [
    ...(canOpenUserCenter ? [{ key: 'center', icon: <UserOutlined />, label: t('avatar.userCenter') }] : []),
    { key: 'settings', icon: <SettingOutlined />, label: t('avatar.userSettings') },
    { key: 'switch', icon: <SwapOutlined />, label: t('avatar.switchRoles') },
    { type: 'divider' },
    { key: 'logout', icon: <LogoutOutlined />, label: t('avatar.logout'), danger: true },
  ];

  const onClick: MenuProps['onClick'] = async ({ key }) => {
    if (key === 'center') await navigate(pathOf(USER_CENTER) ?? '/');
    if (key === 'settings') await navigate(pathOf(USER_SETTINGS) ?? '/');
    if (key === 'switch') {
      const next = switchRole();
      message.success(t('avatar.switchedTo', { role: t(`role.${next}`) }));
      // Re-run the guard: the current page may not be open to the new role.
      await revalidator.revalidate();
    }
    if (key === 'logout') {
      await logout();
      // Like a session that ended: logging in again returns here.
      const query = Object.fromEntries(new URLSearchParams(location.search));
      await navigate(loginHref(current?.tab ? current.name : undefined, query), { replace: true });
    }
  };

  return (
    <Dropdown trigger={['click']} placement="bottomRight" menu={{ items, onClick: (e) => void onClick(e) }}>
      <Button type="text" aria-label={t('navbar.userMenu')} style={{ height: 40, paddingInline: 8 }}>
        <Avatar size={28} src={avatarSrc(info)} icon={<UserOutlined />} alt="" />
        {showName && (
          <span style={{ maxWidth: 140, overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' }}>
            {name}
          </span>
        )}
      </Button>
    </Dropdown>
  );
}
