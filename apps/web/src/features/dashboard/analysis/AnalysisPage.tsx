import { useState, type ComponentProps, type ReactNode } from 'react';
import { Button, Card, Col, DatePicker, Flex, Result, Row, Segmented, Select, Skeleton, Typography } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useTranslation } from 'react-i18next';
import {
  ANALYTICS_MAX_DAYS,
  DUST_LIMITS,
  type AnalyticsBucket,
  type AnalyticsChart,
  type AnalyticsQuery,
  type PresenceDimension,
} from '@siteops/contracts/analytics/schemas';
import { analyticsApi } from '@siteops/contracts/analytics/api';
import { DEVICE_TYPES, type DeviceType } from '@siteops/contracts/device-protocol';
import { useDownload, useEndpointQuery } from '@/api/queries';
import { afterReport } from '@/api/reported';
import { useUserStore } from '@/stores/user';
import { BarChart, LineChart, preloadCharts, type Series } from '@/components/charts/charts';
import { ChartCard, ChartSwitch, type CardCharts } from './ChartCard';
import { AgentPicker, ProjectPicker } from './pickers';
import {
  DUST_FIELD,
  DUST_METRICS,
  dustSeries,
  eventSeries,
  liftingSeries,
  passSeries,
  presenceSeries,
  total,
  uptimeBars,
  type DustMetric,
  type PresenceNameOf,
} from './series';

// The chart library starts loading with the page, beside the page's first query.
void preloadCharts();

type Range = [Dayjs, Dayjs];
type LineOfCard = Pick<ComponentProps<typeof LineChart>, 'title' | 'series' | 'limit'>;
const UNIT = { pm25: 'μg/m³', pm10: 'μg/m³', noise: 'dB(A)' } as const;

/**
 * /dashboard/analysis (spec 2 "multi-dimension analysis"): what the devices in the caller's scope
 * reported over a range, per hour or day, narrowed by project, agent and device type. The server adds
 * up; the page lays the answer on its buckets and draws it.
 */
export function AnalysisPage() {
  const { t, i18n } = useTranslation();
  const isAdmin = useUserStore((s) => s.role) === 'admin';
  // Fixed at first render: a default that moved with the clock would refetch on every render.
  const [range, setRange] = useState<Range>(() => [
    dayjs().subtract(24, 'hour').startOf('hour'),
    dayjs().add(1, 'hour').startOf('hour'),
  ]);
  const [bucket, setBucket] = useState<AnalyticsBucket>('hour');
  const [projectId, setProjectId] = useState<number>();
  const [agentId, setAgentId] = useState<number>();
  const [deviceType, setDeviceType] = useState<DeviceType>();
  const [metric, setMetric] = useState<DustMetric>('pm25');
  const [presenceBy, setPresenceBy] = useState<PresenceDimension>('deviceType');
  const input: AnalyticsQuery = {
    from: range[0].toISOString(),
    to: range[1].toISOString(),
    bucket,
    tzOffset: range[0].utcOffset(),
    projectId,
    agentId,
    deviceType,
    presenceBy,
  };
  const query = useEndpointQuery(analyticsApi.fleet, input);
  const exporter = useDownload(analyticsApi.export, 'analytics.xlsx');
  const onExcel = (chart: AnalyticsChart) =>
    void afterReport(exporter.mutateAsync({ ...input, chart, lang: i18n.language === 'en-US' ? 'en-US' : 'zh-CN' }));

  const controls = (
    <Card>
      <Flex gap={12} wrap>
        <DatePicker.RangePicker
          showTime={{ format: 'HH:mm' }}
          format="YYYY-MM-DD HH:mm"
          value={range}
          allowClear={false}
          style={{ maxWidth: '100%' }}
          aria-label={t('analysis.range')}
          disabledDate={(d, info) => Boolean(info.from && Math.abs(d.diff(info.from, 'day')) >= ANALYTICS_MAX_DAYS)}
          onChange={(v) => v?.[0] && v[1] && setRange([v[0], v[1]])}
        />
        <Segmented<AnalyticsBucket>
          value={bucket}
          onChange={setBucket}
          options={[
            { value: 'hour', label: t('analysis.bucket.hour') },
            { value: 'day', label: t('analysis.bucket.day') },
          ]}
        />
        <ProjectPicker value={projectId} onChange={setProjectId} placeholder={t('analysis.project')} />
        {isAdmin && <AgentPicker value={agentId} onChange={setAgentId} placeholder={t('analysis.agent')} />}
        <Select<DeviceType>
          allowClear
          value={deviceType}
          onChange={setDeviceType}
          placeholder={t('analysis.deviceType')}
          aria-label={t('analysis.deviceType')}
          style={{ minWidth: 160 }}
          options={DEVICE_TYPES.map((ty) => ({ value: ty, label: t(`devices.type.${ty}`) }))}
        />
      </Flex>
    </Card>
  );

  // The controls stay on top whatever the charts' state.
  const page = (body: ReactNode) => (
    <Flex vertical gap={16}>
      {controls}
      {body}
    </Flex>
  );
  if (query.isPending) {
    return page(
      <Card>
        <Skeleton active />
      </Card>,
    );
  }
  if (query.isError) {
    return page(
      <Result
        status="error"
        title={t('analysis.loadFailed')}
        extra={<Button onClick={() => void query.refetch()}>{t('analysis.retry')}</Button>}
      />,
    );
  }

  const a = query.data;
  const labels = a.buckets.map((b) => dayjs(b).format(bucket === 'hour' ? 'MM-DD HH:00' : 'MM-DD'));
  const typeName = (ty: string) => t(`devices.type.${ty}`, { defaultValue: ty });
  const dust = dustSeries(a, metric, t('analysis.noProject'));
  const lifting = liftingSeries(a, typeName);
  const passes = passSeries(a, t('analysis.passes.series'));
  const events = eventSeries(
    a,
    (ty, kind) => `${typeName(ty)} · ${t(`deviceSearch.kinds.${kind}`, { defaultValue: kind })}`,
  );
  const presenceName: PresenceNameOf = (r) =>
    presenceBy === 'deviceType'
      ? typeName(r.group ?? '')
      : (r.groupName ?? t(presenceBy === 'project' ? 'analysis.noProject' : 'analysis.presence.noAgent'));
  const presence = presenceSeries(a, presenceName);
  const uptime = uptimeBars(a, presenceName, t('analysis.presence.uptimeSeries'));
  const dimensions: PresenceDimension[] = isAdmin ? ['deviceType', 'project', 'agent'] : ['deviceType', 'project'];
  const metricName = t(`analysis.dust.${metric}`);
  const limit = DUST_LIMITS[DUST_FIELD[metric]];
  // Every card: half the row on a wide screen, named as its chart, empty when its chart has no rows.
  const card = (
    chart: AnalyticsChart,
    props: Omit<ComponentProps<typeof ChartCard>, 'chart' | 'title' | 'empty' | 'onExcel'>,
  ) => (
    <Col xs={24} xl={12}>
      <ChartCard
        chart={chart}
        title={t(`analysis.${chart}.title`)}
        empty={a[chart].length === 0}
        onExcel={onExcel}
        {...props}
      />
    </Col>
  );
  // Passes and events: one bar chart each, named as its card, its total in the summary.
  const barCard = (chart: 'passes' | 'events', series: Series[]) =>
    card(chart, {
      legend: series,
      summary: t(`analysis.${chart}.summary`, { count: total(series) }),
      children: ({ ref, hidden, fileName }) => (
        <BarChart
          ref={ref}
          title={t(`analysis.${chart}.title`)}
          labels={labels}
          series={series}
          hidden={hidden}
          fileName={fileName}
        />
      ),
    });
  // Dust and lifting: the buckets' lines (the card's picture downloads) over the bars of what went past a limit.
  const linesOverBars =
    (line: LineOfCard, bars: { title: string; series: Series[]; file: string }) =>
    ({ ref, hidden, fileName }: CardCharts) => (
      <>
        <LineChart ref={ref} labels={labels} hidden={hidden} fileName={fileName} {...line} />
        <BarChart
          labels={labels}
          hidden={hidden}
          fileName={`${fileName}-${bars.file}`}
          title={bars.title}
          series={bars.series}
        />
      </>
    );

  return page(
    <Row gutter={[16, 16]}>
      {card('dust', {
        legend: dust.averages,
        controls: (
          <ChartSwitch
            value={metric}
            onChange={setMetric}
            values={DUST_METRICS}
            labelOf={(m) => t(`analysis.dust.${m}`)}
          />
        ),
        summary: t('analysis.dust.summary', {
          metric: metricName,
          count: total(dust.exceedances),
          limit,
          unit: UNIT[metric],
        }),
        children: linesOverBars(
          {
            title: `${t('analysis.dust.title')} · ${metricName}`,
            series: dust.averages,
            limit: { value: limit, label: t('analysis.dust.limit', { limit, unit: UNIT[metric] }) },
          },
          {
            title: t('analysis.dust.exceedances', { metric: metricName }),
            series: dust.exceedances,
            file: 'exceedances',
          },
        ),
      })}
      {card('lifting', {
        legend: lifting.load,
        summary: t('analysis.lifting.summary', { count: total(lifting.alarms) }),
        children: linesOverBars(
          { title: t('analysis.lifting.load'), series: lifting.load },
          { title: t('analysis.lifting.alarms'), series: lifting.alarms, file: 'alarms' },
        ),
      })}
      {barCard('passes', passes)}
      {barCard('events', events)}
      {card('presence', {
        emptyText: t('analysis.presence.empty'),
        legend: presence,
        controls: (
          <ChartSwitch
            value={presenceBy}
            onChange={setPresenceBy}
            values={dimensions}
            labelOf={(d) => t(`analysis.presence.by.${d}`)}
          />
        ),
        summary: uptime.lowest && t('analysis.presence.summary', uptime.lowest),
        children: ({ ref, hidden, fileName }) => (
          <>
            <LineChart
              ref={ref}
              title={t('analysis.presence.rate')}
              labels={labels}
              series={presence}
              hidden={hidden}
              fileName={fileName}
            />
            {/* Bars over dimension values, not buckets: say so, the legend below is the lines'. */}
            <Typography.Text type="secondary">{t('analysis.presence.uptime')}</Typography.Text>
            <BarChart
              title={t('analysis.presence.uptime')}
              labels={uptime.labels}
              series={uptime.series}
              labelName={t('charts.group')}
              fileName={`${fileName}-uptime`}
            />
          </>
        ),
      })}
    </Row>,
  );
}
