import { Button, Card, Flex, Table, Tooltip } from 'antd';
import { DownloadOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import dayjs from 'dayjs';
import type { TableColumnsType } from 'antd';
import type { MonthSheetRow } from '@siteops/contracts/labour/schemas';
import { afterReport } from '@/api/reported';
import { useMonthSheet } from './api/getMonthSheet';
import { useExportMonthSheet } from './api/exportMonthSheet';
import { SheetFilters, useSheetScope } from './SheetFilters';

/**
 * /labour/month-sheet (admin, agent, manager): a project's month, one row per worker and one column per
 * day (hours; a day with passes but no complete in/out marked), days and total hours; exported as xlsx
 * in the same layout.
 */
export function MonthSheetPage() {
  const { t, i18n } = useTranslation();
  const scope = useSheetScope('month');
  const { projectId, when: month, teamId, enabled } = scope;
  const sheet = useMonthSheet({ projectId: projectId ?? 0, month, teamId }, { enabled });
  const exporter = useExportMonthSheet();
  const days = sheet.data?.daysInMonth ?? dayjs(`${month}-01`).daysInMonth();

  const columns: TableColumnsType<MonthSheetRow> = [
    { key: 'realName', dataIndex: 'realName', title: t('labour.realName'), fixed: 'left', width: 110 },
    { key: 'team', dataIndex: 'teamName', title: t('labour.team'), width: 110 },
    ...Array.from({ length: days }, (_, i) => ({
      key: `d${i + 1}`,
      title: String(i + 1),
      width: 44,
      align: 'center' as const,
      render: (_: unknown, r: MonthSheetRow) => {
        const h = r.hours[i];
        if (h === null || h === undefined) return '';
        return h === 0 ? (
          <Tooltip title={t('labour.incompleteTag')}>
            <span>{t('labour.incompleteMark')}</span>
          </Tooltip>
        ) : (
          h
        );
      },
    })),
    { key: 'days', dataIndex: 'days', title: t('labour.days'), fixed: 'right', width: 70 },
    { key: 'totalHours', dataIndex: 'totalHours', title: t('labour.totalHours'), fixed: 'right', width: 80 },
  ];

  return (
    <Flex vertical gap={16}>
      <SheetFilters scope={scope}>
        <Button
          icon={<DownloadOutlined />}
          disabled={!enabled}
          loading={exporter.isPending}
          onClick={() =>
            void afterReport(
              exporter.mutateAsync({
                projectId: projectId ?? 0,
                month,
                teamId,
                lang: i18n.language === 'en-US' ? 'en-US' : 'zh-CN',
              }),
            )
          }
        >
          {t('labour.exportXlsx')}
        </Button>
      </SheetFilters>
      <Card>
        <Table<MonthSheetRow>
          rowKey="workerId"
          size="small"
          bordered
          loading={sheet.isFetching}
          dataSource={sheet.data?.rows}
          pagination={{ pageSize: 50, showSizeChanger: true }}
          scroll={{ x: 'max-content' }}
          columns={columns}
        />
      </Card>
    </Flex>
  );
}
