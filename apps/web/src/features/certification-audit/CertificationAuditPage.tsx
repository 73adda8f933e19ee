import { useState } from 'react';
import { Tabs } from 'antd';
import type { TableColumnsType } from 'antd';
import { useTranslation } from 'react-i18next';
import { certificationApi } from '@siteops/contracts/certification/api';
import type { CertificationItem } from '@siteops/contracts/certification/schemas';
import { useListPage } from '@/components/list/useListPage';
import { useTabParam } from '@/components/list/useTabParam';
import { CertificationStatusTag, certificationContent } from '@/components/certification/CertificationView';
import { ReviewModal } from './ReviewModal';
import { actionsColumn, RowAction } from '@/components/table/rowActions';
import { ListLayout } from '@/components/list/ListLayout';
import { timeColumn } from '@/components/table/columns';

const FILTERS = ['keyword'] as const;
const TABS = ['auditing', 'passed', 'rejected', 'withdrawn'] as const;

/**
 * /user/certification-audit (admin): the review queue of real-name certifications, by status (in the
 * address like every list state), searched by account or enterprise name; each one being audited is
 * passed or rejected with an opinion in the review modal (docs/decisions/0015-certification.md).
 */
export function CertificationAuditPage() {
  const { t } = useTranslation();
  const [tab, openTab] = useTabParam(TABS);
  const { table } = useListPage(certificationApi.reviewList, { filters: FILTERS, fixed: { status: tab } });
  const [open, setOpen] = useState<CertificationItem | null>(null);

  const columns: TableColumnsType<CertificationItem> = [
    { key: 'userName', dataIndex: 'userName', title: t('certification.field.userName') },
    {
      key: 'type',
      dataIndex: 'type',
      title: t('certification.field.type'),
      render: (type: CertificationItem['type']) => t(`certification.type.${type}`),
    },
    { key: 'content', title: t('certification.field.content'), render: (_: unknown, row) => certificationContent(row) },
    { key: 'legalPersonName', dataIndex: 'legalPersonName', title: t('certification.field.legalPersonName') },
    { key: 'legalIdNo', dataIndex: 'legalIdNo', title: t('certification.field.legalIdNo') },
    {
      key: 'status',
      dataIndex: 'status',
      title: t('certification.field.status'),
      render: (status: CertificationItem['status']) => <CertificationStatusTag status={status} />,
    },
    timeColumn<CertificationItem>('createdAt', t('certification.field.createdAt'), { sortable: true }),
    actionsColumn<CertificationItem>(t, (row) => (
      <RowAction onClick={() => setOpen(row)}>
        {t(row.status === 'auditing' ? 'certificationAudit.review' : 'certificationAudit.view')}
      </RowAction>
    )),
  ];

  return (
    <ListLayout
      keyword={{ label: t('certificationAudit.keyword'), placeholder: t('certificationAudit.keywordPlaceholder') }}
      tableHead={
        <Tabs
          activeKey={tab}
          onChange={openTab}
          items={TABS.map((key) => ({ key, label: t(`certification.status.${key}`) }))}
        />
      }
      table={{ tableId: 'certification-audit', columns, ...table }}
    >
      <ReviewModal item={open} onClose={() => setOpen(null)} />
    </ListLayout>
  );
}
