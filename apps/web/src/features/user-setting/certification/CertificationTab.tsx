import { useState } from 'react';
import { Alert, Button, Flex, Spin, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { certificationApi } from '@siteops/contracts/certification/api';
import { useEndpointQuery } from '@/api/queries';
import {
  CertificationDescriptions,
  UserCertificationTag,
  certificationContent,
} from '@/components/certification/CertificationView';
import { CertificationForm } from './CertificationForm';
import { CertificationRecords } from './CertificationRecords';
import { TitledSection } from '@/components/TitledSection';

/**
 * The real-name certification tab (spec 2): the enterprise certification in force with "change
 * subject", or a way to certify; the one being audited; the records table. One submission at a time
 * (docs/decisions/0015-certification.md).
 */
export function CertificationTab() {
  const { t } = useTranslation();
  const query = useEndpointQuery(certificationApi.current, {});
  const [formOpen, setFormOpen] = useState(false);
  if (query.isPending) return <Spin style={{ display: 'block', margin: '24px auto' }} />;
  const data = query.data;
  const certified = Boolean(data?.current);
  const auditing = data?.auditing ?? null;

  return (
    <Flex vertical gap={16}>
      <section aria-labelledby="certification-title">
        <Flex justify="space-between" align="center" wrap gap={8}>
          <Flex align="center" gap={8}>
            <Typography.Title level={5} id="certification-title" style={{ margin: 0 }}>
              {t('certificationTab.title')}
            </Typography.Title>
            {data && <UserCertificationTag status={data.status} />}
          </Flex>
          <Button
            type={certified ? 'default' : 'primary'}
            disabled={auditing !== null}
            onClick={() => setFormOpen(true)}
          >
            {t(certified ? 'certificationTab.changeSubject' : 'certificationTab.certify')}
          </Button>
        </Flex>
        {auditing && (
          <Alert
            style={{ marginTop: 12 }}
            type="info"
            showIcon
            title={t('certificationTab.auditing', { content: certificationContent(auditing) })}
          />
        )}
        <div style={{ marginTop: 12 }}>
          {data?.current ? (
            <CertificationDescriptions item={data.current} />
          ) : (
            <Typography.Paragraph type="secondary">{t('certificationTab.none')}</Typography.Paragraph>
          )}
        </div>
      </section>
      <TitledSection id="certification-records-title" title={t('certificationTab.records')}>
        <CertificationRecords />
      </TitledSection>
      <CertificationForm open={formOpen} changeSubject={certified} onClose={() => setFormOpen(false)} />
    </Flex>
  );
}
