import { lazy, Suspense } from 'react';
import { Card, Col, Flex, Row, Skeleton, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import dayjs from 'dayjs';
import { pagesForRole } from '@siteops/contracts/shared/routes';
import { displayName, useUserStore } from '@/stores/user';
import { MyAvatar } from '@/components/MyAvatar';
import { AnnouncementsCard } from './AnnouncementsCard';
import { RecentlyVisited } from './RecentlyVisited';
import { Shortcuts } from './Shortcuts';
import { UserOverview } from './UserOverview';

// The fleet panel brings the live channel client and its own texts: loaded after the page (FleetFigures).
const FleetFigures = lazy(() => import('./FleetFigures').then((m) => ({ default: m.FleetFigures })));
const LabourFigures = lazy(() => import('./LabourFigures').then((m) => ({ default: m.LabourFigures })));
const AlarmFigures = lazy(() => import('./AlarmFigures').then((m) => ({ default: m.AlarmFigures })));

/**
 * The workplace greets the user, shows the active alarms of its scope live (AlarmFigures), the fleet in
 * its scope live (FleetFigures), the labour figures of
 * its projects (LabourFigures) and its overview
 * (visits, activity, site notifications, projects, team) and the announcements for it, all counted by the server from real data.
 */
export function WorkplacePage() {
  const { t } = useTranslation();
  const info = useUserStore((s) => s.info);
  const role = useUserStore((s) => s.role);
  // Passed down: importing the route table in the lazy panel would split it out of the entry.
  const pages = role ? pagesForRole(role) : [];
  const canOpenDevices = pages.some((p) => p.name === 'device-list');
  // The fleet is for the roles with devices in their scope (a device page to open): a plain user has
  // none, and a panel of zeros with "online rate 0 %" told them nothing (issue 33).
  const seesFleet = pages.some((p) => p.parent === 'device');
  // Labour figures for the roles with the labour section (admins, agents, managers: issue 35).
  const seesLabour = pages.some((p) => p.parent === 'labour');
  // Alarm figures for the roles with the alarms page (admins, agents, managers: issue 32).
  const seesAlarms = pages.some((p) => p.name === 'alarm-list');
  const panelFallback = (
    <Card>
      <Skeleton active paragraph={{ rows: 3 }} />
    </Card>
  );
  return (
    <Flex vertical gap={16}>
      <Card>
        <Flex align="center" gap={16} wrap>
          <MyAvatar size={64} />
          <div>
            <Typography.Title level={3} style={{ margin: 0 }}>
              {t('workplace.welcome', { name: displayName(info) })}
            </Typography.Title>
            <Typography.Text type="secondary">
              {role ? `${t(`role.${role}`)} · ` : ''}
              {t('workplace.today', { date: dayjs().format('YYYY-MM-DD dddd') })}
            </Typography.Text>
          </div>
        </Flex>
      </Card>
      {seesAlarms && (
        <Suspense fallback={panelFallback}>
          <AlarmFigures />
        </Suspense>
      )}
      {seesFleet && (
        <Suspense fallback={panelFallback}>
          <FleetFigures canOpenDevices={canOpenDevices} showAgents={role === 'admin'} />
        </Suspense>
      )}
      {seesLabour && (
        <Suspense fallback={panelFallback}>
          <LabourFigures />
        </Suspense>
      )}
      <Row gutter={[16, 16]}>
        <Col xs={24} xl={16}>
          <UserOverview />
        </Col>
        <Col xs={24} xl={8}>
          <Flex vertical gap={16}>
            <AnnouncementsCard />
            <Shortcuts />
            <RecentlyVisited />
          </Flex>
        </Col>
      </Row>
    </Flex>
  );
}
