import type { CSSProperties } from 'react';
import { Col, Row, Statistic, Typography, theme } from 'antd';
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
          {data.projects.length > 0 && <ProjectFigures projects={data.projects} />}
        </>
      )}
    </FiguresCard>
  );
}

/** The Workplace shows the projects with most workers on site; the day sheet has them all. */
const PROJECTS_SHOWN = 10;

/**
 * The figures per project, as a plain table: a Workplace panel never sorts or pages, and an antd Table
 * here would sit in every kept tab's DOM as one more `.ant-table` under the lists' own.
 */
function ProjectFigures({ projects }: { projects: readonly LabourProjectFigures[] }) {
  const { t } = useTranslation();
  const tr = (key: string, options?: Record<string, unknown>) => t(`workplaceLabour.${key}`, options);
  const { token } = theme.useToken();
  const shown = [...projects].sort((a, b) => b.onSiteNow - a.onSiteNow).slice(0, PROJECTS_SHOWN);
  const cell = (align: 'left' | 'right'): CSSProperties => ({
    padding: `${token.paddingXS}px ${token.paddingSM}px`,
    borderBottom: `1px solid ${token.colorSplit}`,
    textAlign: align,
  });
  const head = (align: 'left' | 'right'): CSSProperties => ({ ...cell(align), fontWeight: token.fontWeightStrong });
  return (
    <>
      {/* A phone's width: long site names wrap anywhere, and what still does not fit scrolls in its card. */}
      <div style={{ overflowX: 'auto', marginTop: 16 }}>
        <table style={{ width: '100%', borderCollapse: 'collapse', color: token.colorText }}>
          <thead>
            <tr>
              <th style={head('left')}>{tr('project')}</th>
              <th style={head('right')}>{tr('onSiteNow')}</th>
              <th style={head('right')}>{tr('attendanceRate')}</th>
              <th style={head('right')}>{tr('expiringCertificates')}</th>
            </tr>
          </thead>
          <tbody>
            {shown.map((p) => (
              <tr key={p.projectId}>
                <td style={{ ...cell('left'), overflowWrap: 'anywhere' }}>
                  <RouterLink to={`/labour/day-sheet?projectId=${p.projectId}`} inText>
                    {p.projectName}
                  </RouterLink>
                </td>
                <td style={cell('right')}>{p.onSiteNow}</td>
                <td style={cell('right')}>{`${percent(p.attendanceRate)} (${p.came}/${p.expected})`}</td>
                <td style={cell('right')}>
                  {p.expiringCertificates > 0 ? (
                    <RouterLink to={`/labour/workers?projectId=${p.projectId}&certificateState=expiring`} inText>
                      {p.expiringCertificates}
                    </RouterLink>
                  ) : (
                    p.expiringCertificates
                  )}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      {projects.length > shown.length && (
        <Typography.Text type="secondary" style={{ display: 'block', marginTop: 8 }}>
          {tr('moreProjects', { count: projects.length - shown.length })}
        </Typography.Text>
      )}
    </>
  );
}
