import { useState } from 'react';
import { DatePicker, Flex, Table, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import dayjs from 'dayjs';
import { useWorkerAttendance } from './api/getWorkerAttendance';
import { hoursText } from './labourView';

const clock = (iso: string | null) => (iso ? dayjs(iso).format('MM-DD HH:mm') : '');

/** A worker's own attendance, one month at a time: each day it came, first in, last out, hours. */
export function WorkerAttendanceHistory({ workerId }: { workerId: number }) {
  const { t } = useTranslation();
  const [month, setMonth] = useState(() => dayjs().format('YYYY-MM'));
  const history = useWorkerAttendance({ id: workerId, month });
  const data = history.data;
  return (
    <Flex vertical gap={8} data-testid="worker-attendance">
      <Flex justify="space-between" align="center" wrap gap={8}>
        <Typography.Title level={5} style={{ margin: 0 }}>
          {t('labour.attendanceHistory')}
        </Typography.Title>
        <DatePicker
          picker="month"
          aria-label={t('labour.month')}
          allowClear={false}
          value={dayjs(`${month}-01`)}
          onChange={(d) => d && setMonth(d.format('YYYY-MM'))}
        />
      </Flex>
      {data && (
        <Typography.Text type="secondary">
          {t('labour.historySummary', { came: data.daysCame, complete: data.daysComplete, hours: data.totalHours })}
        </Typography.Text>
      )}
      <Table
        rowKey="date"
        size="small"
        pagination={false}
        loading={history.isFetching}
        dataSource={data?.days ?? []}
        scroll={{ x: 'max-content' }}
        columns={[
          { key: 'date', dataIndex: 'date', title: t('labour.date') },
          { key: 'firstIn', dataIndex: 'firstIn', title: t('labour.firstIn'), render: clock },
          { key: 'lastOut', dataIndex: 'lastOut', title: t('labour.lastOut'), render: clock },
          { key: 'hours', dataIndex: 'hours', title: t('labour.hours'), render: hoursText },
          {
            key: 'complete',
            dataIndex: 'complete',
            title: t('labour.attendance'),
            render: (v: boolean) =>
              v ? (
                <Tag color="success">{t('labour.completeTag')}</Tag>
              ) : (
                <Tag color="warning">{t('labour.incompleteTag')}</Tag>
              ),
          },
          { key: 'passes', dataIndex: 'passes', title: t('labour.passes') },
        ]}
      />
    </Flex>
  );
}
