import './messages';
import { useEffect, useState } from 'react';
import { createPortal } from 'react-dom';
import { Button, Card, ConfigProvider, DatePicker, Empty, Flex, Result, Skeleton, theme } from 'antd';
import { DownloadOutlined, PrinterOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import dayjs from 'dayjs';
import { useProjectOptions } from '@/api/ownerOptions';
import { afterReport } from '@/api/reported';
import { ProjectSelect } from '@/components/pickers/ProjectSelect';
import { message } from '@/lib/feedback';
import { useCompliance } from './api/getCompliance';
import { useExportCompliance } from './api/exportCompliance';
import { ComplianceReportView } from './ComplianceReportView';

const PRINTING = 'printing-compliance';
/**
 * Printing shows the report alone: it is drawn into its own element beside the console (not inside its
 * scrolling layout, so it runs over as many pages as it needs), and everything else on the page — menu,
 * sider, navbar, tabs, toasts — is left out.
 */
const PRINT_CSS = `
.compliance-print { display: none; }
@media print {
  body.${PRINTING} > *:not(.compliance-print) { display: none !important; }
  body.${PRINTING} > .compliance-print { display: block; padding: 0; background: #fff; color: #000; }
  body.${PRINTING} .compliance-device { break-inside: auto; }
  body.${PRINTING} .compliance-device + .compliance-device { break-before: page; }
  body.${PRINTING} .ant-table-thead { display: table-header-group; }
  body.${PRINTING} tr { break-inside: avoid; }
  @page { margin: 12mm; }
}`;

/**
 * /alarm/alarm-compliance (admin, agent, manager): a project's compliance report of one month — per dust
 * monitor the exceedance hours of each pollutant, the day and night noise Leq of each day against the
 * limits, the monitor's own HJ 212 figures — printable on its own and downloadable as xlsx. The project
 * and month are kept in the address, so a reload or a shared link opens the same report.
 */
export function CompliancePage() {
  const { t, i18n } = useTranslation();
  const [search, setSearch] = useSearchParams();
  const raw = search.get('projectId');
  const projectId = raw && /^\d+$/.test(raw) ? Number(raw) : undefined;
  const monthParam = search.get('month');
  const month = monthParam && /^\d{4}-(0[1-9]|1[0-2])$/.test(monthParam) ? monthParam : dayjs().format('YYYY-MM');
  const set = (key: string, value: string | undefined) =>
    setSearch(
      (prev) => {
        const next = new URLSearchParams(prev);
        if (value === undefined) next.delete(key);
        else next.set(key, value);
        return next;
      },
      { replace: true },
    );

  // The first project in scope until one is chosen.
  const projects = useProjectOptions('', projectId === undefined);
  const first = projects.data?.[0];
  useEffect(() => {
    if (projectId === undefined && first) set('projectId', String(first.value));
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [projectId, first]);

  const enabled = projectId !== undefined;
  const report = useCompliance({ projectId: projectId ?? 0, month }, { enabled });
  const exporter = useExportCompliance();
  const [printing, setPrinting] = useState(false);

  useEffect(() => {
    if (!printing) return;
    document.body.classList.add(PRINTING);
    const done = () => setPrinting(false);
    window.addEventListener('afterprint', done);
    // The report is drawn for print first, then the browser's dialog opens on it.
    const timer = window.setTimeout(() => window.print(), 50);
    return () => {
      window.clearTimeout(timer);
      window.removeEventListener('afterprint', done);
      document.body.classList.remove(PRINTING);
    };
  }, [printing]);

  const data = report.data;
  const download = () =>
    void afterReport(
      exporter
        .mutateAsync({ projectId: projectId ?? 0, month, lang: i18n.language === 'en-US' ? 'en-US' : 'zh-CN' })
        .then(() => void message().success(t('alarmCompliance.downloaded'))),
    );

  let body;
  if (!enabled) {
    body = <Empty description={t('alarmCompliance.chooseProject')} />;
  } else if (report.isPending) {
    body = <Skeleton active paragraph={{ rows: 8 }} />;
  } else if (report.isError) {
    body = (
      <Result
        status="error"
        title={t('alarmCompliance.loadFailed')}
        extra={<Button onClick={() => void report.refetch()}>{t('alarmCompliance.retry')}</Button>}
      />
    );
  } else if (data && data.devices.length === 0) {
    body = <Empty description={t('alarmCompliance.noMonitors')} />;
  } else if (data) {
    body = <ComplianceReportView report={data} />;
  }

  return (
    <Flex vertical gap={16}>
      <style>{PRINT_CSS}</style>
      <Card>
        <Flex gap={12} align="center" wrap>
          <ProjectSelect
            aria-label={t('alarmCompliance.project')}
            placeholder={t('alarmCompliance.project')}
            value={projectId}
            current={
              data && data.project.id === projectId ? { value: data.project.id, label: data.project.name } : undefined
            }
            onChange={(id) => set('projectId', id === undefined ? undefined : String(id))}
            style={{ width: 260, maxWidth: '100%' }}
          />
          <DatePicker
            picker="month"
            aria-label={t('alarmCompliance.month')}
            allowClear={false}
            value={dayjs(`${month}-01`)}
            onChange={(d) => set('month', d ? d.format('YYYY-MM') : undefined)}
          />
          <Flex gap={8} wrap>
            <Button
              icon={<PrinterOutlined />}
              disabled={!data || data.devices.length === 0 || printing}
              onClick={() => setPrinting(true)}
            >
              {t('alarmCompliance.print')}
            </Button>
            <Button
              type="primary"
              icon={<DownloadOutlined />}
              disabled={!enabled || !data}
              loading={exporter.isPending}
              onClick={download}
            >
              {exporter.isPending ? t('alarmCompliance.downloading') : t('alarmCompliance.download')}
            </Button>
          </Flex>
        </Flex>
      </Card>
      <Card>{body}</Card>
      {printing &&
        data &&
        createPortal(
          <div className="compliance-print">
            {/* Paper is white: the light theme whatever the console's. */}
            <ConfigProvider theme={{ algorithm: theme.defaultAlgorithm }}>
              <ComplianceReportView report={data} print />
            </ConfigProvider>
          </div>,
          document.body,
        )}
    </Flex>
  );
}
