import { useState } from 'react';
import { Tabs } from 'antd';
import { useTranslation } from 'react-i18next';
import type { VisitorItem, VisitorStatus } from '@siteops/contracts/visitor/schemas';
import { visitorApi } from '@siteops/contracts/visitor/api';
import { useListPage } from '@/components/list/useListPage';
import { AuditModal } from './AuditModal';
import { visitorColumns } from './visitorColumns';
import { VisitorInfoModal } from './VisitorInfoModal';
import { ListLayout } from '@/components/list/ListLayout';
import { useTabParam } from '@/components/list/useTabParam';
import { RowAction } from '@/components/table/rowActions';
import { VisitorSearchFields } from './VisitorSearchFields';

const FILTERS = ['realName', 'phone', 'idNo'] as const;
/** Tab -> the status it lists (spec 4: pending approval, passed, not pass). */
const TABS: { key: VisitorStatus; label: string }[] = [
  { key: 'new', label: 'visitors.auditPage.pending' },
  { key: 'valid', label: 'visitors.auditPage.passed' },
  { key: 'invalid', label: 'visitors.auditPage.notPass' },
];

/**
 * /visitor/visitor-audit (admin, manager): the tabs pending approval / passed / not pass (the tab in the
 * address like every other list state), each row audited in the audit modal; passed and not-pass
 * visitors can be audited again (docs/decisions/0014-visitor-audit.md).
 */
export function VisitorAuditPage() {
  const { t } = useTranslation();
  const [tab, openTab] = useTabParam(TABS.map((x) => x.key));
  const { table } = useListPage(visitorApi.listAll, { filters: FILTERS, fixed: { status: tab } });
  const [auditing, setAuditing] = useState<VisitorItem | null>(null);
  const [viewing, setViewing] = useState<VisitorItem | null>(null);

  const columns = visitorColumns(
    t,
    (row) => (
      <>
        <RowAction onClick={() => setViewing(row)}>{t('visitors.view')}</RowAction>
        <RowAction onClick={() => setAuditing(row)}>{t('visitors.audit')}</RowAction>
      </>
    ),
    { audit: tab !== 'new' },
  );

  return (
    <ListLayout
      search={<VisitorSearchFields />}
      tableHead={
        <Tabs activeKey={tab} onChange={openTab} items={TABS.map((x) => ({ key: x.key, label: t(x.label) }))} />
      }
      table={{ tableId: 'visitor-audit', columns, ...table }}
    >
      <AuditModal visitor={auditing} onClose={() => setAuditing(null)} />
      <VisitorInfoModal visitor={viewing} onClose={() => setViewing(null)} />
    </ListLayout>
  );
}
