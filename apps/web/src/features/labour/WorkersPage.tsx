import { useState, type ReactNode } from 'react';
import { Button, Form, Input } from 'antd';
import { AuditOutlined, DownloadOutlined, QrcodeOutlined, SettingOutlined, UploadOutlined } from '@ant-design/icons';
import { useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { labourApi } from '@siteops/contracts/labour/api';
import { LABOUR_TRADES, WORKER_STATUS, type WorkerItem } from '@siteops/contracts/labour/schemas';
import { CERTIFICATE_STATES } from '@siteops/contracts/labour/certificates';
import { listRead } from '@/components/list/listRead';
import { useListPage } from '@/components/list/useListPage';
import { useListDelete } from '@/components/list/useListDelete';
import { ListLayout } from '@/components/list/ListLayout';
import { SearchText } from '@/components/form/SearchText';
import { SearchSelect } from '@/components/form/SearchSelect';
import { RowAction, RowActions } from '@/components/table/rowActions';
import { useProjectOptions } from '@/api/ownerOptions';
import { useRowEditor } from '@/hooks/useRowEditor';
import { workerColumns } from './workerColumns';
import { WorkerFormDrawer } from './WorkerFormDrawer';
import { WorkerImportDialog } from './WorkerImportDialog';
import { WorkerExportDialog } from './WorkerExportDialog';
import { WorkerDetailDrawer } from './WorkerDetailDrawer';
import { LabourSettingsDialog } from './LabourSettingsDialog';
import { WorkerRegLinkModal } from './WorkerRegLinkModal';
import { ApplicationsDrawer } from './ApplicationsDrawer';

const FILTERS = ['realName', 'idNo', 'projectId', 'status', 'trade', 'certificateState'] as const;
const LIST = { filters: FILTERS };
export const firstRead = listRead(labourApi.listAll, () => LIST);

/**
 * /labour/workers (admin, agent, manager): the real-name register of the caller's projects; search by
 * name, ID number (exact), project, status, trade and required certificate; register, edit (leave,
 * blacklist), delete; a worker's detail with its certificates; import and export the roster; a
 * project's labour settings; its worker registration QR code and the pending self-registrations.
 */
export function WorkersPage() {
  const { t } = useTranslation();
  const { table, filters } = useListPage(labourApi.listAll, LIST);
  const { selection, batchDelete, rowDelete } = useListDelete(labourApi.delete);
  const editor = useRowEditor<WorkerItem>();
  const [importing, setImporting] = useState(false);
  const [exporting, setExporting] = useState(false);
  const [configuring, setConfiguring] = useState(false);
  const [detail, setDetail] = useState<WorkerItem | null>(null);
  const [showingLink, setShowingLink] = useState(false);
  // `?tab=applications` (the to-do a self-registration sends) opens the pending registrations.
  const [search, setSearch] = useSearchParams();
  const [reviewing, setReviewing] = useState(() => search.get('tab') === 'applications');
  const closeReview = () => {
    setReviewing(false);
    if (search.has('tab')) setSearch((prev) => (prev.delete('tab'), prev), { replace: true });
  };
  const filteredProject = filters.projectId ? Number(filters.projectId) : undefined;
  const projects = useProjectOptions('', true);

  const columns = workerColumns(t, (row) => (
    <RowActions wrap={false}>
      <RowAction onClick={() => setDetail(row)}>{t('labour.detail')}</RowAction>
      <RowAction onClick={() => editor.edit(row)}>{t('common.edit')}</RowAction>
      {rowDelete(row.id)}
    </RowActions>
  ));

  // The toolbar's dialogs, each opened by its own button.
  const opener = (icon: ReactNode, label: string, open: () => void) => (
    <Button icon={icon} onClick={open}>
      {label}
    </Button>
  );

  return (
    <ListLayout
      search={
        <>
          <SearchText name="realName" label={t('labour.realName')} />
          <Form.Item name="idNo" label={t('labour.idNo')} tooltip={t('labour.idNoSearchHint')}>
            <Input allowClear autoComplete="off" />
          </Form.Item>
          <SearchSelect
            name="projectId"
            label={t('labour.project')}
            minWidth={160}
            searchable
            loading={projects.isFetching}
            options={(projects.data ?? []).map((p) => ({ value: String(p.value), label: p.label }))}
          />
          <SearchSelect
            name="status"
            label={t('labour.status')}
            minWidth={120}
            options={WORKER_STATUS.map((s) => ({ value: s, label: t(`labour.statuses.${s}`) }))}
          />
          <SearchSelect
            name="trade"
            label={t('labour.trade')}
            minWidth={140}
            searchable
            options={LABOUR_TRADES.map((s) => ({ value: s, label: t(`labour.trades.${s}`) }))}
          />
          <SearchSelect
            name="certificateState"
            label={t('labour.requiredCertificate')}
            minWidth={120}
            options={CERTIFICATE_STATES.map((s) => ({ value: s, label: t(`labour.certificateStates.${s}`) }))}
          />
        </>
      }
      table={{
        tableId: 'labour-workers',
        columns,
        ...table,
        ...selection,
        onCreate: editor.create,
        toolbar: (
          <>
            {batchDelete}
            {opener(<UploadOutlined />, t('labour.import'), () => setImporting(true))}
            {opener(<DownloadOutlined />, t('labour.export'), () => setExporting(true))}
            {opener(<AuditOutlined />, t('labour.applicationsButton'), () => setReviewing(true))}
            {opener(<QrcodeOutlined />, t('labour.regLinkButton'), () => setShowingLink(true))}
            {opener(<SettingOutlined />, t('labour.settings'), () => setConfiguring(true))}
          </>
        ),
      }}
    >
      <WorkerFormDrawer open={editor.open} worker={editor.row} onClose={editor.close} />
      <WorkerImportDialog open={importing} onClose={() => setImporting(false)} />
      <WorkerExportDialog open={exporting} projectId={filteredProject} onClose={() => setExporting(false)} />
      <LabourSettingsDialog open={configuring} projectId={filteredProject} onClose={() => setConfiguring(false)} />
      <WorkerDetailDrawer worker={detail} onClose={() => setDetail(null)} />
      {showingLink ? (
        <WorkerRegLinkModal open projectId={filteredProject} onClose={() => setShowingLink(false)} />
      ) : null}
      <ApplicationsDrawer open={reviewing} projectId={filteredProject} onClose={closeReview} />
    </ListLayout>
  );
}
