import { Col, Row, Statistic, Table, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import type { LabourProjectFigures } from '@siteops/contracts/labour/schemas';
import { RouterLink } from '@/components/RouterLink';
import { formatClock } from '@/lib/time';
import { FiguresCard } from './FiguresCard';
import { useLabourFigures } from './useLabourFigures';

const percent = (rate: number | null) => (rate === null ? '—' : `${Math.round(rate * 1000) / 10}%`);

/**
 * The Workplace's labour figures (issue 35), for the roles with the labour section: workers on site now
 * (in minus out today, by the terminals' direction), today's attendance rate and the certificates expiring
 * within 30 days, in total and per project of the caller's scope, each project opening its day sheet or
 * its workers. Read again every minute.
 */
export function LabourFigures() {
  const { t } = useTranslation();
  const tr = (key: string, options?: Record<string, unknown>) => t(`workplaceLabour.${key}`, options);
  const query = useLabourFigures();
  const figure = (testId: string, title: string, value: string | number, extra?: string) => (
    <Col xs={12} sm={8} key={testId}>
      <div data-testid={testId}>
        <Statistic title={title} value={value} />
        {extra && <Typography.Text type="secondary">{extra}</Typography.Text>}
      </div>
    </Col>
  );
  return (
    <FiguresCard
      title={tr('title')}
      query={query}
      loadFailed={tr('loadFailed')}
      extra={(data) => (
        <Typography.Text type="secondary">{tr('updated', { time: formatClock(data.at) })}</Typography.Text>
      )}
      testId="labour-figures"
    >
      {(data) => (
        <>
          <Row gutter={[16, 16]}>
            {figure('labour-on-site', tr('onSiteNow'), data.total.onSiteNow)}
            {figure(
              'labour-attendance',
              tr('attendanceRate'),
              percent(data.total.attendanceRate),
              tr('came', { came: data.total.came, expected: data.total.expected }),
            )}
            {figure('labour-expiring', tr('expiringCertificates'), data.total.expiringCertificates)}
          </Row>
          {data.projects.length > 0 && (
            <Table<LabourProjectFigures>
              style={{ marginTop: 16 }}
              size="small"
              rowKey="projectId"
              pagination={data.projects.length > 10 ? { pageSize: 10, size: 'small' } : false}
              dataSource={data.projects}
              columns={[
                {
                  title: tr('project'),
                  dataIndex: 'projectName',
                  render: (name: string, p) => (
                    <RouterLink to={`/labour/day-sheet?projectId=${p.projectId}`} inText>
                      {name}
                    </RouterLink>
                  ),
                },
                { title: tr('onSiteNow'), dataIndex: 'onSiteNow', align: 'right' },
                {
                  title: tr('attendanceRate'),
                  dataIndex: 'attendanceRate',
                  align: 'right',
                  render: (rate: number | null, p) => `${percent(rate)} (${p.came}/${p.expected})`,
                },
                {
                  title: tr('expiringCertificates'),
                  dataIndex: 'expiringCertificates',
                  align: 'right',
                  render: (n: number, p) =>
                    n > 0 ? (
                      <RouterLink to={`/labour/workers?projectId=${p.projectId}&certificateState=expiring`} inText>
                        {n}
                      </RouterLink>
                    ) : (
                      n
                    ),
                },
              ]}
            />
          )}
        </>
      )}
    </FiguresCard>
  );
}
