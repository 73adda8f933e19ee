import { useState } from 'react';
import { Button } from 'antd';
import { DownloadOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { VISITOR_STATUS, type VisitorItem } from '@siteops/contracts/visitor/schemas';
import { visitorApi } from '@siteops/contracts/visitor/api';

import { afterReport } from '@/api/reported';
import { useRowEditor } from '@/hooks/useRowEditor';
import { listRead } from '@/components/list/listRead';
import { useListPage } from '@/components/list/useListPage';
import { message } from '@/lib/feedback';
import { AuditModal } from './AuditModal';
import { exportVisitors } from './exportVisitors';
import { visitorColumns } from './visitorColumns';
import { VisitorFormDrawer } from './VisitorFormDrawer';
import { VisitorInfoModal } from './VisitorInfoModal';
import { RowActions, RowAction } from '@/components/table/rowActions';
import { useListDelete } from '@/components/list/useListDelete';
import { ListLayout } from '@/components/list/ListLayout';
import { VisitorSearchFields } from './VisitorSearchFields';
import { SearchSelect } from '@/components/form/SearchSelect';

const FILTERS = ['realName', 'phone', 'idNo', 'status'] as const;

const LIST = { filters: FILTERS };
export const firstRead = listRead(visitorApi.listAll, () => LIST);

/**
 * /visitor/visitor-List (admin, manager): search by name, phone and ID number; register, edit, audit,
 * delete (one or a batch), the info modal with photo and pass, and an export of what the search selects.
 */
export function VisitorsPage() {
  const { t } = useTranslation();
  const { table, input } = useListPage(visitorApi.listAll, LIST);
  const { selection, batchDelete, rowDelete } = useListDelete(visitorApi.delete);
  const editor = useRowEditor<VisitorItem>();
  const [viewing, setViewing] = useState<VisitorItem | null>(null);
  const [auditing, setAuditing] = useState<VisitorItem | null>(null);
  const [exporting, setExporting] = useState(false);

  const runExport = async () => {
    setExporting(true);
    try {
      const { page: _page, pageSize: _size, ...filters } = input as Record<string, unknown>;
      const { count, truncated } = await exportVisitors(t, filters);
      if (count === 0) message().info(t('visitors.exportEmpty'));
      else if (truncated) message().warning(t('visitors.exportTruncated', { count }));
    } finally {
      setExporting(false);
    }
  };

  const columns = visitorColumns(t, (row) => (
    <RowActions wrap={false}>
      <RowAction onClick={() => setViewing(row)}>{t('visitors.view')}</RowAction>
      <RowAction onClick={() => editor.edit(row)}>{t('common.edit')}</RowAction>
      <RowAction onClick={() => setAuditing(row)}>{t('visitors.audit')}</RowAction>
      {rowDelete(row.id)}
    </RowActions>
  ));

  return (
    <ListLayout
      search={
        <>
          <VisitorSearchFields />
          <SearchSelect
            name="status"
            label={t('visitors.status')}
            minWidth={140}
            options={VISITOR_STATUS.map((s) => ({ value: s, label: t(`visitors.statuses.${s}`) }))}
          />
        </>
      }
      table={{
        tableId: 'visitors',
        columns,
        ...table,
        ...selection,
        onCreate: editor.create,
        toolbar: (
          <>
            {batchDelete}
            <Button icon={<DownloadOutlined />} loading={exporting} onClick={() => void afterReport(runExport())}>
              {t('visitors.export')}
            </Button>
          </>
        ),
      }}
    >
      <VisitorFormDrawer open={editor.open} visitor={editor.row} onClose={editor.close} />
      <VisitorInfoModal visitor={viewing} onClose={() => setViewing(null)} />
      <AuditModal visitor={auditing} onClose={() => setAuditing(null)} />
    </ListLayout>
  );
}
