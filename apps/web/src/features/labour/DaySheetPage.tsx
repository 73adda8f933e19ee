import { Card, DatePicker, Flex, Select, Statistic, Table, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import dayjs from 'dayjs';
import type { DaySheetRow } from '@siteops/contracts/labour/schemas';
import { useDaySheet } from './api/getDaySheet';
import { useTeams } from './api/listTeams';
import { ProjectPicker, useProjectParam } from './ProjectPicker';
import { hoursText } from './labourView';

const clock = (iso: string | null) => (iso ? dayjs(iso).format('MM-DD HH:mm') : '');

/**
 * /labour/day-sheet (admin, agent, manager): one work day of a project: who came, first in, last out,
 * hours, whether complete, who is on site now and who is absent, by team.
 */
export function DaySheetPage() {
  const { t } = useTranslation();
  const { projectId, projects, search, set } = useProjectParam();
  const date = search.get('date') ?? dayjs().format('YYYY-MM-DD');
  const teamId = search.get('teamId') ? Number(search.get('teamId')) : undefined;
  const enabled = projectId !== undefined;
  const sheet = useDaySheet({ projectId: projectId ?? 0, date, teamId }, { enabled });
  const teams = useTeams({ projectId: projectId ?? 0, pageSize: 200 }, { enabled });
  const s = sheet.data?.summary;
  return (
    <Flex vertical gap={16}>
      <Card>
        <Flex gap={12} align="center" wrap>
          <ProjectPicker
            value={projectId}
            options={projects.data ?? []}
            loading={projects.isFetching}
            onChange={(id) => set('projectId', String(id))}
          />
          <DatePicker
            aria-label={t('labour.date')}
            allowClear={false}
            value={dayjs(date)}
            onChange={(d) => set('date', d ? d.format('YYYY-MM-DD') : undefined)}
          />
          <Select
            aria-label={t('labour.team')}
            allowClear
            placeholder={t('labour.allTeams')}
            style={{ minWidth: 160 }}
            value={teamId}
            options={(teams.data?.list ?? []).map((x) => ({ value: x.id, label: x.name }))}
            onChange={(v: number | undefined) => set('teamId', v === undefined ? undefined : String(v))}
          />
          {sheet.data && (
            <Typography.Text type="secondary">
              {t('labour.cutoffNote', { hour: sheet.data.cutoffHour })}
            </Typography.Text>
          )}
        </Flex>
      </Card>
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
