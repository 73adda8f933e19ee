import { Card, Flex, Statistic, Table, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import dayjs from 'dayjs';
import type { DaySheetRow } from '@siteops/contracts/labour/schemas';
import { useDaySheet } from './api/getDaySheet';
import { SheetFilters, useSheetScope } from './SheetFilters';
import { hoursText } from './labourView';

const clock = (iso: string | null) => (iso ? dayjs(iso).format('MM-DD HH:mm') : '');

/**
 * /labour/day-sheet (admin, agent, manager): one work day of a project: who came, first in, last out,
 * hours, whether complete, who is on site now and who is absent, by team.
 */
export function DaySheetPage() {
  const { t } = useTranslation();
  const scope = useSheetScope('date');
  const { projectId, when: date, teamId, enabled } = scope;
  const sheet = useDaySheet({ projectId: projectId ?? 0, date, teamId }, { enabled });
  const s = sheet.data?.summary;
  return (
    <Flex vertical gap={16}>
      <SheetFilters scope={scope}>
        {sheet.data && (
          <Typography.Text type="secondary">{t('labour.cutoffNote', { hour: sheet.data.cutoffHour })}</Typography.Text>
        )}
      </SheetFilters>
      <Card>
        <Flex gap={32} wrap>
          <Statistic title={t('labour.expected')} value={s?.expected ?? 0} />
          <Statistic title={t('labour.came')} value={s?.came ?? 0} />
          <Statistic title={t('labour.absent')} value={s?.absent ?? 0} />
          <Statistic title={t('labour.complete')} value={s?.complete ?? 0} />
          <Statistic title={t('labour.onSiteNow')} value={s?.onSiteNow ?? 0} />
        </Flex>
      </Card>
      <Card>
        <Table<DaySheetRow>
          rowKey="workerId"
          size="small"
          loading={sheet.isFetching}
          dataSource={sheet.data?.rows}
          pagination={{ pageSize: 50, showSizeChanger: true }}
          scroll={{ x: 'max-content' }}
          columns={[
            { key: 'realName', dataIndex: 'realName', title: t('labour.realName') },
            { key: 'team', dataIndex: 'teamName', title: t('labour.team') },
            {
              key: 'trade',
              dataIndex: 'trade',
              title: t('labour.trade'),
              render: (v: DaySheetRow['trade']) => t(`labour.trades.${v}`),
            },
            { key: 'firstIn', dataIndex: 'firstIn', title: t('labour.firstIn'), render: clock },
            { key: 'lastOut', dataIndex: 'lastOut', title: t('labour.lastOut'), render: clock },
            { key: 'hours', dataIndex: 'hours', title: t('labour.hours'), render: hoursText },
            {
              key: 'state',
              title: t('labour.attendance'),
              render: (_: unknown, r) =>
                !r.came ? (
                  <Tag>{t('labour.absentTag')}</Tag>
                ) : r.complete ? (
                  <Tag color="success">{t('labour.completeTag')}</Tag>
                ) : (
                  <Tag color="warning">{t('labour.incompleteTag')}</Tag>
                ),
            },
            {
              key: 'onSiteNow',
              dataIndex: 'onSiteNow',
              title: t('labour.onSiteNow'),
              render: (v: boolean) => (v ? <Tag color="processing">{t('labour.onSiteTag')}</Tag> : ''),
            },
            { key: 'passes', dataIndex: 'passes', title: t('labour.passes') },
          ]}
        />
      </Card>
    </Flex>
  );
}
