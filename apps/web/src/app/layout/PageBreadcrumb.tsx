import { Breadcrumb } from 'antd';
import { HomeOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { sectionTitleKey } from '@/lib/routeMeta';
import { useCurrentRoute } from './useCurrentRoute';

/** Home / section / page, from the route table. */
export function PageBreadcrumb() {
  const { t } = useTranslation();
  const current = useCurrentRoute();
  const section = sectionTitleKey(current?.parent);
  if (!current?.tab) return null;
  return (
    <Breadcrumb
      style={{ marginBottom: 16 }}
      items={[
        { title: <HomeOutlined aria-label={t('menu.dashboard.root')} /> },
        ...(section ? [{ title: t(section) }] : []),
        { title: t(current.i18nKey) },
      ]}
    />
  );
}
