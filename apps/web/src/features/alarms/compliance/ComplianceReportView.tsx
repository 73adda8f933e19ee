import { Descriptions, Flex, Table, Tag, Typography } from 'antd';
import type { TableColumnsType } from 'antd';
import { useTranslation } from 'react-i18next';
import type {
  ComplianceLimit,
  ComplianceMonitorFigure,
  ComplianceNoise,
  ComplianceNoiseDay,
  ComplianceNoisePeriod,
  CompliancePollutant,
  ComplianceReport,
} from '@siteops/contracts/alarm/compliance';
import { TitledSection } from '@/components/TitledSection';
import { flagEntries, limitText, localTime, utcClock } from '@siteops/contracts/alarm/compliance-text';

const OVER_STYLE = { color: 'var(--ant-color-error, #ff4d4f)', fontWeight: 600 } as const;

/**
 * The compliance report as the page shows it and as it prints (`print`: every row at once, no scroll,
 * the exceedance hours written out instead of folded away).
 */
export function ComplianceReportView({ report, print = false }: { report: ComplianceReport; print?: boolean }) {
  const { t } = useTranslation();
  const off = report.utcOffsetMinutes;
  const when = (iso: string) => localTime(iso, off);
  const none = t('alarmCompliance.none');

  const source = (l: ComplianceLimit, standard: string) =>
    l.source === 'rule'
      ? t('alarmCompliance.rule', { name: l.ruleName ?? '' })
      : t('alarmCompliance.national', { standard });
  const flags = (f: Record<string, number>) => {
    const entries = flagEntries(f);
    if (entries.length === 0) return none;
    return entries
      .map(([flag, n]) => `${t(`alarmCompliance.flags.${flag}`, { defaultValue: flag })} (${flag}) ${n}`)
      .join(' · ');
  };
  const table = {
    size: 'small' as const,
    pagination: false as const,
    bordered: true,
    scroll: print ? undefined : { x: 'max-content' as const },
  };

  const pollutantColumns: TableColumnsType<CompliancePollutant> = [
    { key: 'name', title: t('alarmCompliance.pollutant'), render: (_, p) => `${p.name} (${p.unit})` },
    { key: 'limit', title: t('alarmCompliance.limit'), render: (_, p) => limitText(p.limit) },
    { key: 'source', title: t('alarmCompliance.limitFrom'), render: (_, p) => source(p.limit, 'GB 3095-2012') },
    { key: 'hours', dataIndex: 'hours', title: t('alarmCompliance.hours'), align: 'right' },
    {
      key: 'exceedanceHours',
      title: t('alarmCompliance.exceedanceHours'),
      align: 'right',
      render: (_, p) => <span style={p.exceedanceHours > 0 ? OVER_STYLE : undefined}>{p.exceedanceHours}</span>,
    },
    { key: 'mean', title: t('alarmCompliance.mean'), align: 'right', render: (_, p) => p.mean ?? none },
    {
      key: 'worst',
      title: t('alarmCompliance.worstHour'),
      render: (_, p) => (p.worst ? `${when(p.worst.hour)} · ${p.worst.mean}` : none),
    },
    { key: 'flagged', title: t('alarmCompliance.leftOut'), render: (_, p) => flags(p.flagged) },
  ];

  const periodCell = (p: ComplianceNoisePeriod | null) =>
    p ? (
      <Flex gap={6} align="center" wrap>
        <span style={p.over ? OVER_STYLE : undefined}>{p.leq}</span>
        {p.over && <Tag color="error">{t('alarmCompliance.over')}</Tag>}
        <Typography.Text type="secondary" style={{ fontSize: 12 }}>
          {t('alarmCompliance.readings', { count: p.readings })}
        </Typography.Text>
      </Flex>
    ) : (
      none
    );
  const noiseColumns: TableColumnsType<ComplianceNoiseDay> = [
    { key: 'date', dataIndex: 'date', title: t('alarmCompliance.date') },
    { key: 'day', title: t('alarmCompliance.day'), render: (_, d) => periodCell(d.day) },
    { key: 'night', title: t('alarmCompliance.night'), render: (_, d) => periodCell(d.night) },
  ];

  const monitorColumns: TableColumnsType<ComplianceMonitorFigure> = [
    { key: 'code', title: t('alarmCompliance.code'), render: (_, f) => `${f.code} · ${f.name}` },
    { key: 'period', title: t('alarmCompliance.data'), render: (_, f) => t(`alarmCompliance.periodKinds.${f.period}`) },
    { key: 'count', dataIndex: 'count', title: t('alarmCompliance.periods'), align: 'right' },
    { key: 'flagged', dataIndex: 'flagged', title: t('alarmCompliance.flagged'), align: 'right' },
    { key: 'mean', title: t('alarmCompliance.mean'), align: 'right', render: (_, f) => f.mean ?? none },
    {
      key: 'maxAvg',
      title: t('alarmCompliance.maxAvg'),
      render: (_, f) => (f.maxAvg === null ? none : `${f.maxAvg}${f.maxAt ? ` · ${when(f.maxAt)}` : ''}`),
    },
    { key: 'peak', title: t('alarmCompliance.peak'), align: 'right', render: (_, f) => f.peak ?? none },
    {
      key: 'over',
      title: t('alarmCompliance.overCount'),
      align: 'right',
      render: (_, f) => (f.over === null ? none : <span style={f.over > 0 ? OVER_STYLE : undefined}>{f.over}</span>),
    },
  ];

  const exceedanceText = (p: CompliancePollutant) =>
    p.exceedances.map((e) => `${when(e.hour).slice(5)} (${e.mean})`).join('  ');
  const noiseOf = (id: number): ComplianceNoise | undefined => report.noise.find((n) => n.deviceId === id);

  return (
    <Flex vertical gap={16} className="compliance-report">
      <div>
        <Typography.Title level={4} style={{ marginTop: 0 }}>
          {t('alarmCompliance.title')} · {report.project.name} ({report.project.code}) · {report.month}
        </Typography.Title>
        <Descriptions size="small" column={{ xs: 1, sm: 2, md: 3 }}>
          <Descriptions.Item label={t('alarmCompliance.period')}>
            {when(report.from)} – {when(report.to)}
          </Descriptions.Item>
          <Descriptions.Item label={t('alarmCompliance.timeZone')}>UTC{utcClock(off)}</Descriptions.Item>
          <Descriptions.Item label={t('alarmCompliance.monitorCount')}>{report.devices.length}</Descriptions.Item>
        </Descriptions>
      </div>

      {report.devices.map((d) => {
        const pollutants = report.pollutants.filter((p) => p.deviceId === d.id);
        const noise = noiseOf(d.id);
        const figures = report.monitor.filter((f) => f.deviceId === d.id);
        const label = d.name ? `${d.name} (${d.sn})` : d.sn;
        return (
          <section key={d.id} className="compliance-device" aria-label={label}>
            <Typography.Title level={5}>
              {t('alarmCompliance.device')}: {label}
            </Typography.Title>
            <Flex vertical gap={12}>
              <TitledSection id={`compliance-pollutants-${d.id}`} title={t('alarmCompliance.pollutants')}>
                <Table<CompliancePollutant>
                  {...table}
                  rowKey="field"
                  columns={pollutantColumns}
                  dataSource={pollutants}
                  expandable={
                    print
                      ? undefined
                      : {
                          rowExpandable: (p) => p.exceedances.length > 0,
                          expandedRowRender: (p) => (
                            <Typography.Text>
                              {t('alarmCompliance.exceedanceList', { name: p.name })}: {exceedanceText(p)}
                            </Typography.Text>
                          ),
                        }
                  }
                />
                {print &&
                  pollutants
                    .filter((p) => p.exceedances.length > 0)
                    .map((p) => (
                      <Typography.Paragraph key={p.field} style={{ marginTop: 8, marginBottom: 0 }}>
                        {t('alarmCompliance.exceedanceList', { name: p.name })}: {exceedanceText(p)}
                      </Typography.Paragraph>
                    ))}
              </TitledSection>
              {noise && (
                <TitledSection id={`compliance-noise-${d.id}`} title={t('alarmCompliance.noise')}>
                  <Descriptions size="small" column={{ xs: 1, sm: 2, md: 4 }} style={{ marginBottom: 8 }}>
                    <Descriptions.Item label={t('alarmCompliance.dayLimit')}>
                      {limitText(noise.dayLimit)} · {source(noise.dayLimit, 'GB 12523-2011')}
                    </Descriptions.Item>
                    <Descriptions.Item label={t('alarmCompliance.nightLimit')}>
                      {limitText(noise.nightLimit)} · {source(noise.nightLimit, 'GB 12523-2011')}
                    </Descriptions.Item>
                    <Descriptions.Item label={t('alarmCompliance.daysOver')}>
                      <span style={noise.daysOver > 0 ? OVER_STYLE : undefined}>{noise.daysOver}</span>
                      {' / '}
                      {t('alarmCompliance.nightsOver')}{' '}
                      <span style={noise.nightsOver > 0 ? OVER_STYLE : undefined}>{noise.nightsOver}</span>
                    </Descriptions.Item>
                    <Descriptions.Item label={t('alarmCompliance.leftOut')}>{flags(noise.flagged)}</Descriptions.Item>
                  </Descriptions>
                  <Table<ComplianceNoiseDay>
                    {...table}
                    rowKey="date"
                    columns={noiseColumns}
                    dataSource={noise.days}
                    locale={{ emptyText: t('alarmCompliance.noData') }}
                  />
                </TitledSection>
              )}
              {figures.length > 0 && (
                <TitledSection id={`compliance-monitor-${d.id}`} title={t('alarmCompliance.monitorFigures')}>
                  <Table<ComplianceMonitorFigure>
                    {...table}
                    rowKey={(f) => `${f.code}-${f.period}`}
                    columns={monitorColumns}
                    dataSource={figures}
                  />
                </TitledSection>
              )}
            </Flex>
          </section>
        );
      })}

      <TitledSection id="compliance-notes" title={t('alarmCompliance.notes.title')}>
        <ul style={{ paddingInlineStart: 20, margin: 0 }}>
          <li>{t('alarmCompliance.notes.hour')}</li>
          <li>{t('alarmCompliance.notes.limits')}</li>
          <li>{t('alarmCompliance.notes.dayNight', { clock: utcClock(off) })}</li>
          <li>{t('alarmCompliance.notes.leq')}</li>
          <li>{t('alarmCompliance.notes.flags')}</li>
          <li>{t('alarmCompliance.notes.sources')}</li>
          {report.readingsKeptFrom && (
            <li>{t('alarmCompliance.notes.retention', { kept: when(report.readingsKeptFrom) })}</li>
          )}
        </ul>
      </TitledSection>
    </Flex>
  );
}
