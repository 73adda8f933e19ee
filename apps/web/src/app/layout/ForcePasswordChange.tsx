import { lazy, Suspense } from 'react';
import { Button, Modal, Spin, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { LOGIN_PATH } from '@/lib/routeMeta';
import { loadUserInfo, logout } from '@/lib/session';
import { useUserStore } from '@/stores/user';

// Loaded only when needed: the form brings the password policy (and its schema library) along.
const ChangePasswordForm = lazy(() =>
  import('@/features/user-setting/ChangePasswordForm').then((m) => ({ default: m.ChangePasswordForm })),
);

/**
 * The user's own password is set: fetch who they are again (which draws the console) after dropping
 * whatever was refused meanwhile (a page's silent first read), so every page loads afresh.
 */
async function afterChange() {
  const { queryClient } = await import('@/lib/queryClient');
  queryClient.removeQueries({ predicate: (query) => query.state.status === 'error' });
  await loadUserInfo();
}

/**
 * After an admin reset (or for a new account) the server refuses everything but a password change, so
 * the console asks for it first, in a dialog that cannot be dismissed except by logging out. The layout draws nothing else meanwhile.
 */
export function ForcePasswordChange() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const mustChange = useUserStore((s) => s.info?.mustChangePassword ?? false);
  return (
    <Modal
      open={mustChange}
      title={t('password.forced.title')}
      closable={false}
      mask={{ closable: false }}
      keyboard={false}
      footer={null}
      destroyOnHidden
    >
      <Typography.Paragraph type="secondary">{t('password.forced.description')}</Typography.Paragraph>
      <Suspense fallback={<Spin />}>
        <ChangePasswordForm onSuccess={() => void afterChange()} />
      </Suspense>
      <Button
        type="link"
        style={{ paddingInline: 0, marginTop: 8 }}
        onClick={async () => {
          await logout();
          await navigate(LOGIN_PATH, { replace: true });
        }}
      >
        {t('password.forced.logout')}
      </Button>
    </Modal>
  );
}
