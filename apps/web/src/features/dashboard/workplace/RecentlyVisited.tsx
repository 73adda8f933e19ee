import { Card, Empty, Flex } from 'antd';
import { useTranslation } from 'react-i18next';
import { RouterLink } from '@/components/RouterLink';
import { isHome } from '@/stores/tabList';
import { useTabsStore } from '@/stores/tabs';

/** The pages in the tab bar (oldest first): the visited-page history the console really has. */
export function RecentlyVisited() {
  const { t } = useTranslation();
  const tabs = useTabsStore((s) => s.tabs);
  const visited = tabs.filter((tab) => !isHome(tab.key));
  return (
    <Card title={t('workplace.recent')}>
      {visited.length === 0 ? (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('workplace.recentEmpty')} />
      ) : (
        <Flex vertical gap={8}>
          {visited.map((tab) => (
            <RouterLink key={tab.key} to={tab.fullPath}>
              {t(tab.i18nKey)}
            </RouterLink>
          ))}
        </Flex>
      )}
    </Card>
  );
}
