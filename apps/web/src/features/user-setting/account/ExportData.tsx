import { Button, Typography } from 'antd';
import { DownloadOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { accountApi } from '@siteops/contracts/account/api';
import { useDownload } from '@/api/queries';
import { afterReport } from '@/api/reported';
import { TitledSection } from '@/components/TitledSection';

/** "Export data" (spec 2): everything the product holds about me, as one JSON file (the server audits it). */
export function ExportData() {
  const { t } = useTranslation();
  const download = useDownload(accountApi.exportMine, 'siteops-my-data.json');
  return (
    <TitledSection id="export-data-title" title={t('userSecurity.export.title')}>
      <Typography.Paragraph type="secondary">{t('userSecurity.export.desc')}</Typography.Paragraph>
      <Button
        icon={<DownloadOutlined />}
        loading={download.isPending}
        onClick={() => void afterReport(download.mutateAsync({}))}
      >
        {t('userSecurity.export.button')}
      </Button>
    </TitledSection>
  );
}
