import { useState } from 'react';
import { Button } from 'antd';
import type { TableColumnsType } from 'antd';
import { useTranslation } from 'react-i18next';
import { certificationApi } from '@siteops/contracts/certification/api';
import type { CertificationItem } from '@siteops/contracts/certification/schemas';
import { useEndpointMutation } from '@/api/queries';
import { afterReport } from '@/api/reported';
import { InfoModal } from '@/components/InfoModal';
import { IntentScope } from '@/components/intent/IntentScope';
import {
  CertificationDescriptions,
  CertificationStatusTag,
  certificationContent,
} from '@/components/certification/CertificationView';
import { DataTable } from '@/components/table/DataTable';
import { RowDangerAction } from '@/components/table/RowDeleteButton';
import { useLocalListPage } from '@/components/list/useLocalListPage';
import { message } from '@/lib/feedback';
import { timeColumn } from '@/components/table/columns';

/**
 * The caller's certification records (spec 2): type, content, status, created time; view, and withdraw
 * while it is being audited. Paged in the component, not the address: the settings page's address
 * holds only its tab.
 */
export function CertificationRecords() {
  const { t } = useTranslation();
  const { table } = useLocalListPage(certificationApi.listAll);
  const withdraw = useEndpointMutation(certificationApi.withdraw);
  const [viewing, setViewing] = useState<CertificationItem | null>(null);

  const onWithdraw = async (row: CertificationItem) => {
    await withdraw.mutateAsync({ id: row.id });
    message().success(t('certificationTab.withdrawn'));
  };

  const columns: TableColumnsType<CertificationItem> = [
    {
      key: 'type',
      dataIndex: 'type',
      title: t('certification.field.type'),
      render: (type: CertificationItem['type']) => t(`certification.type.${type}`),
    },
    {
      key: 'content',
      title: t('certification.field.content'),
      render: (_: unknown, row) => certificationContent(row),
    },
    {
      key: 'status',
      dataIndex: 'status',
      title: t('certification.field.status'),
      render: (status: CertificationItem['status']) => <CertificationStatusTag status={status} />,
    },
    timeColumn<CertificationItem>('createdAt', t('certification.field.createdAt')),
    {
      key: 'actions',
      title: t('common.actions'),
      render: (_: unknown, row) => (
        <IntentScope>
          <Button type="link" size="small" onClick={() => setViewing(row)}>
            {t('certificationTab.view')}
          </Button>
          {row.status === 'auditing' && (
            <RowDangerAction
              title={t('certificationTab.withdrawConfirm')}
              onConfirm={() => afterReport(onWithdraw(row))}
            >
              {t('certificationTab.withdraw')}
            </RowDangerAction>
          )}
        </IntentScope>
      ),
    },
  ];

  return (
    <>
      <DataTable<CertificationItem> tableId="certification-records" rowKey="id" columns={columns} {...table} />
      <InfoModal subject={viewing} title={(c) => t(`certification.type.${c.type}`)} onClose={() => setViewing(null)}>
        {(c) => <CertificationDescriptions item={c} column={1} />}
      </InfoModal>
    </>
  );
}
