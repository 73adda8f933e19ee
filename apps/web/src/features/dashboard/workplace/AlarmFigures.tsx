import { Badge, Col, Row, Statistic } from 'antd';
import { useTranslation } from 'react-i18next';
import { ALARM_SEVERITIES, type AlarmSeverity } from '@siteops/contracts/alarm/rules';
import { RouterLink } from '@/components/RouterLink';
import { FiguresCard } from './FiguresCard';
import { useAlarmFigures } from './useAlarmFigures';

/** A dot of the severity's colour beside its name (the number stays in the text colour, for contrast). */
const COLOUR: Record<AlarmSeverity, string> = {
  critical: '#cf1322',
  major: '#d4380d',
  minor: '#d48806',
  warning: '#1677ff',
};

/**
 * The Workplace's alarm figures (issue 32) for the roles with the alarm section: the active alarms of
 * the caller's scope by severity, each opening the alarms page filtered to it, the ones nobody has
 * acknowledged and the ones given to the caller. Live: they move as alarms are raised and handled.
 */
export function AlarmFigures() {
  const { t } = useTranslation();
  const tr = (key: string) => t(`workplaceAlarms.${key}`);
  const query = useAlarmFigures();
  const figure = (testId: string, title: string, value: number, to?: string, colour?: string) => {
    const statistic = <Statistic title={colour ? <Badge color={colour} text={title} /> : title} value={value} />;
    return (
      <Col xs={12} sm={8} lg={4} key={testId} data-testid={testId}>
        {to ? <RouterLink to={to}>{statistic}</RouterLink> : statistic}
      </Col>
    );
  };
  const list = '/alarm/alarm-list';
  return (
    <FiguresCard
      title={tr('title')}
      query={query}
      loadFailed={tr('loadFailed')}
      skeletonRows={1}
      testId="alarm-figures"
    >
      {(data) => (
        <Row gutter={[16, 16]}>
          {ALARM_SEVERITIES.map((severity) =>
            figure(
              `alarms-${severity}`,
              tr(severity),
              data.active[severity],
              `${list}?status=active&severity=${severity}`,
              COLOUR[severity],
            ),
          )}
          {figure(
            'alarms-unacknowledged',
            tr('unacknowledged'),
            data.unacknowledged,
            `${list}?status=active&acknowledged=false`,
          )}
          {figure('alarms-mine', tr('assignedToMe'), data.assignedToMe)}
        </Row>
      )}
    </FiguresCard>
  );
}
