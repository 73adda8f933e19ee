import { Layout, Typography } from 'antd';
import { useTranslation } from 'react-i18next';

export function AppFooter() {
  const { t } = useTranslation();
  return (
    <Layout.Footer style={{ textAlign: 'center', padding: '16px 24px' }}>
      <Typography.Text type="secondary">{t('footer.copyright', { year: new Date().getFullYear() })}</Typography.Text>
    </Layout.Footer>
  );
}
