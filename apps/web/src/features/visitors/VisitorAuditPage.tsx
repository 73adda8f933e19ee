import { useState } from 'react';
import { Button, Form, Input, Tabs } from 'antd';
import { useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { VisitorItem, VisitorStatus } from '@siteops/contracts/visitor';
import { visitorApi } from '@siteops/contracts/api/visitor';
import { useListPage } from '@/components/list/useListPage';
import { AuditModal } from './AuditModal';
import { visitorColumns } from './visitorColumns';
import { VisitorInfoModal } from './VisitorInfoModal';
import { ListLayout } from '@/components/list/ListLayout';
import { SearchText } from '@/components/form/SearchText';

const FILTERS = ['realName', 'phone', 'idNo'] as const;
/** Tab -> the status it lists (spec 4: pending approval, passed, not pass). */
const TABS: { key: VisitorStatus; label: string }[] = [
  { key: 'new', label: 'visitors.auditPage.pending' },
  { key: 'valid', label: 'visitors.auditPage.passed' },
  { key: 'invalid', label: 'visitors.auditPage.notPass' },
];
const isStatus = (s: string | null): s is VisitorStatus => TABS.some((tab) => tab.key === s);

/**
 * /visitor/visitor-audit (admin, manager): the tabs pending approval / passed / not pass (the tab in the
 * address like every other list state), each row audited in the audit modal; passed and not-pass
 * visitors can be audited again (docs/decisions/0014-visitor-audit.md).
 */
export function VisitorAuditPage() {
  const { t } = useTranslation();
  const [search, setSearch] = useSearchParams();
  const tab = isStatus(search.get('tab')) ? (search.get('tab') as VisitorStatus) : 'new';
  const { table } = useListPage(visitorApi.listAll, { filters: FILTERS, fixed: { status: tab } });
  const [auditing, setAuditing] = useState<VisitorItem | null>(null);
  const [viewing, setViewing] = useState<VisitorItem | null>(null);

  const openTab = (key: string) => {
    const next = new URLSearchParams(search);
    next.set('tab', key);
    next.delete('page');
    setSearch(next);
  };

  const columns = visitorColumns(
    t,
    (row) => (
      <>
        <Button type="link" size="small" onClick={() => setViewing(row)}>
          {t('visitors.view')}
        </Button>
        <Button type="link" size="small" onClick={() => setAuditing(row)}>
          {t('visitors.audit')}
        </Button>
      </>
    ),
    { audit: tab !== 'new' },
  );

  return (
    <ListLayout
      filters={FILTERS}
      search={
        <>
          <SearchText name="realName" label={t('visitors.realName')} />
          <SearchText name="phone" label={t('visitors.phone')} />
          <Form.Item name="idNo" label={t('visitors.idNo')} tooltip={t('visitors.idNoSearchHint')}>
            <Input allowClear autoComplete="off" />
          </Form.Item>
        </>
      }
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
