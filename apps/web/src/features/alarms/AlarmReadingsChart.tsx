import { Empty, Flex, Skeleton, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { alarmApi } from '@siteops/contracts/alarm/api';
import { useEndpointQuery } from '@/api/queries';
import { LineChart } from '@/components/charts/charts';
import { formatMinute } from '@/lib/time';
import { readingCharts } from './alarmText';

/** `11-25 14:03`: a bucket's start on the chart's axis. */
const timeLabel = (iso: string) => formatMinute(iso).slice(5);

/**
 * An alarm's readings from an hour before it was raised to its clearing (or now), one chart per field
 * of its rule's condition with the rule's threshold as the limit line; an empty state when nothing was
 * stored then. For rules on readings only (offline, no data and event rules have no chart).
 */
export function AlarmReadingsChart({
  alarmId,
  deviceType,
  fieldLabel,
}: {
  alarmId: number;
  deviceType: string;
  fieldLabel: (field: string) => string;
}) {
  const { t } = useTranslation();
  const readings = useEndpointQuery(alarmApi.readings, { id: alarmId });
  const charts = readings.data ? readingCharts(deviceType, readings.data.fields, fieldLabel, t, timeLabel) : [];
  return (
    <div data-testid="alarm-readings">
      <Typography.Title level={5}>{t('alarms.detail.chart')}</Typography.Title>
      {readings.isPending ? (
        <Skeleton active paragraph={{ rows: 3 }} />
      ) : charts.length === 0 ? (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('alarms.detail.noReadings')} />
      ) : (
        <Flex vertical gap={16}>
          {charts.map((c) => (
            <LineChart
              key={c.field}
              title={c.title}
              labels={c.labels}
              series={c.series}
              limit={c.limit}
              fileName={`alarm-${alarmId}-${c.field}`}
            />
          ))}
        </Flex>
      )}
    </div>
  );
}
