import { Alert, Button } from 'antd';
import { useTranslation } from 'react-i18next';
import { useRevalidator } from 'react-router';
import { isPreview, useUserStore } from '@/stores/user';

/** While the console is drawn for a previewed role, say so on every page and offer the way back. */
export function RolePreviewBanner() {
  const { t } = useTranslation();
  const revalidator = useRevalidator();
  const info = useUserStore((s) => s.info);
  const role = useUserStore((s) => s.role);
  const switchRole = useUserStore((s) => s.switchRole);
  if (!info || !isPreview(info, role)) return null;
  return (
    <Alert
      banner
      type="warning"
      data-testid="role-preview"
      title={t('preview.banner', { role: t(`role.${role}`), real: t(`role.${info.role}`) })}
      action={
        <Button
          size="small"
          onClick={() => {
            switchRole();
            // The guard decides again for the real role (the page may have been swapped for the preview).
            void revalidator.revalidate();
          }}
        >
          {t('preview.end')}
        </Button>
      }
    />
  );
}
