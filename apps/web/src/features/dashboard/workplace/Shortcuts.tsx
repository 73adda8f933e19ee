import { Button, Card, Flex } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { pagesForRole } from '@siteops/contracts/shared/routes';
import { HOME_NAME } from '@/lib/routeMeta';
import { useUserStore } from '@/stores/user';

const MAX_SHORTCUTS = 8;

/** Quick links to the pages the user's role may open, in menu order. */
export function Shortcuts() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const role = useUserStore((s) => s.role);
  const pages = role ? pagesForRole(role).filter((p) => p.name !== HOME_NAME) : [];
  return (
    <Card title={t('workplace.shortcuts')}>
      <Flex wrap gap={8}>
        {pages.slice(0, MAX_SHORTCUTS).map((page) => (
          <Button key={page.name} onClick={() => void navigate(page.path)}>
            {t(page.i18nKey)}
          </Button>
        ))}
      </Flex>
    </Card>
  );
}
