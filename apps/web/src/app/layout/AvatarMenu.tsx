import { Button, type MenuProps } from 'antd';
import { LogoutOutlined, SettingOutlined, SwapOutlined, UserOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate, useRevalidator } from 'react-router';
import { loginHref } from '@/lib/loginRedirect';
import { HOME_PATH, pathOf } from '@/lib/routeMeta';
import { logout } from '@/lib/session';
import { canPreview, displayName, isPreview, useUserStore } from '@/stores/user';
import { MyAvatar } from '@/components/MyAvatar';
import { LazyDropdown } from '@/components/intent/LazyDropdown';
import { useCurrentRoute } from './useCurrentRoute';
import { message } from '@/lib/feedback';

const USER_SETTINGS = 'setting';

/** The user's menu; it mounts once the navbar is hovered or focused (the navbar's IntentScope). */
export function AvatarMenu({ showName = true }: { showName?: boolean }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const location = useLocation();
  const revalidator = useRevalidator();
  const current = useCurrentRoute();
  const info = useUserStore((s) => s.info);
  const switchRole = useUserStore((s) => s.switchRole);
  const name = displayName(info);

  const items: MenuProps['items'] = [
    { key: 'center', icon: <UserOutlined />, label: t('avatar.userCenter') },
    { key: 'settings', icon: <SettingOutlined />, label: t('avatar.userSettings') },
    // A preview only ever shows a console with fewer rights, so a plain user has nothing to switch to.
    ...(canPreview(info) ? [{ key: 'switch', icon: <SwapOutlined />, label: t('avatar.switchRoles') }] : []),
    { type: 'divider' },
    { key: 'logout', icon: <LogoutOutlined />, label: t('avatar.logout'), danger: true },
  ];

  const onClick: MenuProps['onClick'] = async ({ key }) => {
    // "User centre" is your own overview (activity, projects, team, edit info), on the workplace for every
    // role; the user information page is the admin's list of everybody.
    if (key === 'center') await navigate(HOME_PATH);
    if (key === 'settings') await navigate(pathOf(USER_SETTINGS) ?? '/');
    if (key === 'switch') {
      const next = switchRole();
      const previewing = isPreview(info, next);
      message().success(t(previewing ? 'avatar.previewStarted' : 'avatar.previewEnded', { role: t(`role.${next}`) }));
      // Re-run the guard: the current page may not be open to the new role.
      await revalidator.revalidate();
    }
    if (key === 'logout') {
      // Like a session that ended: logging in again returns here. The console leaves the page first, so
      // nothing on it (or on a kept-alive tab) refetches once the session is gone.
      const query = Object.fromEntries(new URLSearchParams(location.search));
      await navigate(loginHref(current?.tab ? current.name : undefined, query), { replace: true });
      await logout();
    }
  };

  return (
    <LazyDropdown placement="bottomRight" menu={{ items, onClick: (e) => void onClick(e) }}>
      <Button
        type="text"
        // The visible name starts the accessible name, so a voice command "click <name>" finds it.
        aria-label={showName && name ? `${name} · ${t('navbar.userMenu')}` : t('navbar.userMenu')}
        style={{ height: 40, paddingInline: 8 }}
      >
        <MyAvatar size={28} />
        {showName && (
          <span style={{ maxWidth: 140, overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' }}>
            {name}
          </span>
        )}
      </Button>
    </LazyDropdown>
  );
}
