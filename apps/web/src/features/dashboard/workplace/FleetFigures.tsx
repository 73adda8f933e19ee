import type { ReactNode } from 'react';
import { Button, Card, Col, Flex, Result, Row, Skeleton, Statistic, Tag, Typography, theme } from 'antd';
import { ReloadOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import type { FleetEvent } from '@siteops/contracts/dashboard/schemas';
import { RouterLink } from '@/components/RouterLink';
import { formatClock, formatMinute } from '@/lib/time';
import { CompactList } from './CompactList';
import { FleetBars } from './FleetBars';
import { FleetLive } from './FleetLive';
import { useFleetFigures } from './useFleetFigures';

// A dot in the level's colour beside text in the body colour: antd's coloured tags fail axe's contrast rule.
const LEVEL_COLOUR = { info: 'colorInfo', warning: 'colorWarning', alarm: 'colorError' } as const;

/**
 * Spec 2's fleet figures and real-time monitor on the Workplace: device total, online (with the online
 * rate), offline, unauthorised, projects, agents and authorised platforms (admins) and today's events and
 * alarms, all counted by the server in the caller's scope; devices by type; the newest device events.
 * It follows the fleet live (FleetLive). WorkplacePage loads this panel lazily, with its texts, the live
 * channel client and its schemas, so none of them weighs on the Workplace's first load.
 */
export function FleetFigures({ canOpenDevices, showAgents }: { canOpenDevices: boolean; showAgents: boolean }) {
  const { query, changed } = useFleetFigures();
  return (
    <>
      <FleetLive onChange={changed} />
      <FleetCard fleet={query} canOpenDevices={canOpenDevices} showAgents={showAgents} />
    </>
  );
}

function FleetCard({
  fleet,
  canOpenDevices,
  showAgents,
}: {
  fleet: ReturnType<typeof useFleetFigures>['query'];
  /** Whether the event's device links to the device list (managers and users may not open it). */
  canOpenDevices: boolean;
  /** The agents' count: the admin's figure (an agent's is its own one; a manager's, its projects' agent). */
  showAgents: boolean;
}) {
  const { t } = useTranslation();
  const tr = (key: string, options?: Record<string, unknown>) => t(`workplaceFleet.${key}`, options);
  const { token } = theme.useToken();
  const data = fleet.data;

  const kindText = (kind: string) => {
    const key = `workplaceFleet.kind.${kind}`;
    return t(key) === key ? kind : t(key);
  };
  const figure = (testId: string, title: string, value: ReactNode, extra?: ReactNode) => (
    <Col xs={12} sm={8} lg={6} xxl={3} key={testId}>
      <div data-testid={testId}>
        <Statistic title={title} value={value as number} />
        {extra}
      </div>
    </Col>
  );

  if (fleet.isError && !data) {
    return (
      <Card title={tr('title')}>
        <Result
          status="warning"
          title={tr('loadFailed')}
          extra={<Button onClick={() => void fleet.refetch()}>{t('workplaceOverview.retry')}</Button>}
        />
      </Card>
    );
  }
  if (!data) {
    return (
      <Card title={tr('title')}>
        <Skeleton active paragraph={{ rows: 3 }} />
      </Card>
    );
  }

  const d = data.devices;
  const rate = d.total ? Math.round((d.online / d.total) * 1000) / 10 : 0;
  const figures = [
    figure('fleet-total', tr('total'), d.total),
    figure(
      'fleet-online',
      tr('online'),
      d.online,
      <Typography.Text type="secondary">{tr('onlineRate', { rate })}</Typography.Text>,
    ),
    figure('fleet-offline', tr('offline'), d.offline),
    figure(
      'fleet-unauthorised',
      tr('unauthorised'),
      d.unauthorised,
      <Typography.Text type="secondary">{tr('authorised', { count: d.authorised })}</Typography.Text>,
    ),
    figure('fleet-projects', tr('projects'), data.projects),
    showAgents && figure('fleet-agents', tr('agents'), data.agents),
    data.platforms !== null && figure('fleet-platforms', tr('platforms'), data.platforms),
    figure(
      'fleet-events',
      tr('eventsToday'),
      data.today.events,
      <Typography.Text type={data.today.alarms ? undefined : 'secondary'} strong={data.today.alarms > 0}>
        {tr('alarmsToday', { count: data.today.alarms })}
      </Typography.Text>,
    ),
  ];

  const monitor = (
    <Card
      size="small"
      title={tr('monitor')}
      extra={<Typography.Text type="secondary">{tr('updated', { time: formatClock(data.at) })}</Typography.Text>}
    >
      <CompactList<FleetEvent>
        items={data.recentEvents}
        emptyText={tr('noEvents')}
        row={(e) => {
          const name = e.devName || e.sn;
          return {
            key: e.id,
            testId: 'fleet-event',
            content: (
              <Flex justify="space-between" gap={8} wrap>
                <span>
                  <Tag>
                    <span
                      aria-hidden
                      style={{
                        display: 'inline-block',
                        width: 6,
                        height: 6,
                        borderRadius: 3,
                        marginInlineEnd: 4,
                        verticalAlign: 'middle',
                        background: token[LEVEL_COLOUR[e.level]],
                      }}
                    />
                    {tr(`level.${e.level}`)}
                  </Tag>
                  {canOpenDevices ? (
                    <RouterLink to={`/device/device-list?sn=${encodeURIComponent(e.sn)}`} inText>
                      {name}
                    </RouterLink>
                  ) : (
                    <Typography.Text strong>{name}</Typography.Text>
                  )}{' '}
                  {kindText(e.kind)}
                </span>
                <Typography.Text type="secondary" style={{ whiteSpace: 'nowrap' }}>
                  {formatMinute(e.at)}
                </Typography.Text>
              </Flex>
            ),
          };
        }}
      />
    </Card>
  );

  return (
    <Card
      title={tr('title')}
      data-testid="fleet-figures"
      extra={
        <Button
          aria-label={tr('refresh')}
          icon={<ReloadOutlined />}
          loading={fleet.isFetching}
          onClick={() => void fleet.refetch()}
        />
      }
    >
      <Flex vertical gap={16}>
        <Row gutter={[16, 16]}>{figures}</Row>
        <Row gutter={[16, 16]}>
          <Col xs={24} lg={10}>
            <Card size="small" title={tr('byType')}>
              <FleetBars byType={data.byType} />
            </Card>
          </Col>
          <Col xs={24} lg={14}>
            {monitor}
          </Col>
        </Row>
      </Flex>
    </Card>
  );
}
