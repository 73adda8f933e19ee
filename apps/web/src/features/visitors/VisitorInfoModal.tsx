import { Descriptions, Empty, Flex, Image, QRCode, Table, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { RouterLink } from '@/components/RouterLink';
import { InfoModal } from '@/components/InfoModal';
import { visitorApi } from '@siteops/contracts/visitor/api';
import type { VisitorItem } from '@siteops/contracts/visitor/schemas';
import { useEndpointQuery } from '@/api/queries';
import { passColumns } from './passes/passColumns';
import { StatusTag, time } from './visitorView';

/** The visitor's latest passes at the gates, with a way to all of them. */
function LastPasses({ visitorId }: { visitorId: number }) {
  const { t } = useTranslation();
  const passes = useEndpointQuery(visitorApi.lastPasses, { id: visitorId });
  return (
    <Flex vertical gap={8} style={{ width: '100%' }} data-testid="visitor-last-passes">
      <Flex justify="space-between" align="baseline">
        <Typography.Title level={5} style={{ margin: 0 }}>
          {t('passRecords.lastPasses')}
        </Typography.Title>
        <RouterLink to={`/visitor/pass-records?visitorId=${visitorId}`}>{t('passRecords.allPasses')}</RouterLink>
      </Flex>
      <Table
        size="small"
        rowKey="id"
        pagination={false}
        loading={passes.isLoading}
        columns={passColumns(t, { person: false })}
        dataSource={passes.data ?? []}
        scroll={{ x: 'max-content' }}
        locale={{ emptyText: t('passRecords.noPasses') }}
      />
    </Flex>
  );
}

/** The visitor info modal: photo, pass QR code (once valid) and every field, the ID number masked. */
export function VisitorInfoModal({ visitor, onClose }: { visitor: VisitorItem | null; onClose: () => void }) {
  const { t } = useTranslation();
  return (
    <InfoModal
      subject={visitor}
      title={(v) => t('visitors.infoTitle', { name: v.realName })}
      onClose={onClose}
      width={720}
    >
      {(v) => (
        <Flex gap={24} wrap>
          <Flex vertical gap={12} align="center" style={{ width: 200 }}>
            {v.avatarUrl ? (
              <Image src={v.avatarUrl} width={160} alt={t('visitors.avatar')} />
            ) : (
              <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('visitors.noPhoto')} />
            )}
            {v.status === 'valid' && v.qrCode ? (
              <>
                <QRCode value={v.qrCode} size={176} errorLevel="M" data-testid="visitor-pass" />
                <Typography.Text type="secondary">{t('visitors.pass')}</Typography.Text>
              </>
            ) : (
              <Typography.Text type="secondary" style={{ textAlign: 'center' }}>
                {t('visitors.noPass')}
              </Typography.Text>
            )}
          </Flex>
          <Descriptions
            column={1}
            size="small"
            style={{ flex: 1, minWidth: 260 }}
            items={[
              { key: 'status', label: t('visitors.status'), children: <StatusTag status={v.status} /> },
              { key: 'realName', label: t('visitors.realName'), children: v.realName },
              { key: 'phone', label: t('visitors.phone'), children: v.phone },
              { key: 'sex', label: t('visitors.sex'), children: v.sex ? t(`values.sex.${v.sex}`) : '' },
              { key: 'idNo', label: t('visitors.idNo'), children: v.idNo ?? '' },
              { key: 'project', label: t('visitors.project'), children: v.projectName },
              { key: 'visit', label: t('visitors.visit'), children: `${time(v.visitStart)} – ${time(v.visitEnd)}` },
              { key: 'host', label: t('visitors.host'), children: v.userName ?? '' },
              { key: 'reasons', label: t('visitors.reasons'), children: v.reasons ?? '' },
              { key: 'address', label: t('visitors.address'), children: v.address ?? '' },
              { key: 'auditor', label: t('visitors.auditor'), children: v.auditorName ?? '' },
              { key: 'auditedAt', label: t('visitors.auditedAt'), children: time(v.auditedAt) },
              { key: 'auditRemark', label: t('visitors.auditRemark'), children: v.auditRemark ?? '' },
            ]}
          />
          <LastPasses visitorId={v.id} />
        </Flex>
      )}
    </InfoModal>
  );
}
