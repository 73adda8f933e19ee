import { useState } from 'react';
import { Button, Modal, Popconfirm } from 'antd';
import type { TableColumnsType } from 'antd';
import { useTranslation } from 'react-i18next';
import { certificationApi } from '@siteops/contracts/api/certification';
import type { CertificationItem } from '@siteops/contracts/certification';
import { useEndpointMutation, useEndpointQuery } from '@/api/queries';
import { afterReport } from '@/api/reported';
import {
  CertificationDescriptions,
  CertificationStatusTag,
  certificationContent,
} from '@/components/certification/CertificationView';
import { DataTable, type PageParams } from '@/components/table/DataTable';
import { message } from '@/lib/feedback';
import { timeColumn } from '@/components/table/columns';

/**
 * The caller's certification records (spec 2): type, content, status, created time; view, and withdraw
 * while it is being audited. Paged in the component, not the address: the settings page's address
 * holds only its tab.
 */
export function CertificationRecords() {
  const { t } = useTranslation();
  const [params, setParams] = useState<PageParams>({ page: 1, pageSize: 10 });
  const query = useEndpointQuery(certificationApi.listAll, { page: params.page, pageSize: params.pageSize });
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
        <>
          <Button type="link" size="small" onClick={() => setViewing(row)}>
            {t('certificationTab.view')}
          </Button>
          {row.status === 'auditing' && (
            <Popconfirm
              title={t('certificationTab.withdrawConfirm')}
              okText={t('common.ok')}
              cancelText={t('common.cancel')}
              onConfirm={() => afterReport(onWithdraw(row))}
            >
              <Button type="link" size="small" danger>
                {t('certificationTab.withdraw')}
              </Button>
            </Popconfirm>
          )}
        </>
      ),
    },
  ];

  return (
    <>
      <DataTable<CertificationItem>
        tableId="certification-records"
        rowKey="id"
        columns={columns}
        list={query.data?.list}
        total={query.data?.total ?? 0}
        loading={query.isFetching}
        failed={query.isError && !query.data}
        params={params}
        onParamsChange={setParams}
        onRefresh={() => void query.refetch()}
      />
      <Modal
        open={viewing !== null}
        title={viewing ? t(`certification.type.${viewing.type}`) : ''}
        onCancel={() => setViewing(null)}
        footer={null}
        destroyOnHidden
      >
        {viewing && <CertificationDescriptions item={viewing} column={1} />}
      </Modal>
    </>
  );
}
