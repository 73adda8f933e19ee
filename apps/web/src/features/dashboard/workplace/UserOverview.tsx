import { lazy, Suspense, useState, type ReactNode } from 'react';
import { Avatar, Button, Card, Col, Flex, Result, Row, Skeleton, Space, Statistic, Tabs, Tag, Typography } from 'antd';
import { ArrowDownOutlined, ArrowUpOutlined, EditOutlined, ReloadOutlined, UserOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { pagesForRole } from '@siteops/contracts/shared/routes';
import type { SiteNotification, WorkplaceOverview } from '@siteops/contracts/user/overview';
import { userApi } from '@siteops/contracts/user/api';
import { endpointQuery, useEndpointQuery } from '@/api/queries';
import { RouterLink } from '@/components/RouterLink';
import { useOpenedOnce } from '@/hooks/useOpenedOnce';
import { useUserStore } from '@/stores/user';
import { CompactList, type RowOf } from './CompactList';
import { formatMinute } from '@/lib/time';

// Loaded when first opened: its form brings the date picker, upload and the user schema along.
const EditInfoModal = lazy(() => import('./EditInfoModal').then((m) => ({ default: m.EditInfoModal })));
// Loaded with the project tab (cards, progress bars): the Workplace's first load stays in its budget.
const ProjectCards = lazy(() => import('./ProjectCards').then((m) => ({ default: m.ProjectCards })));

const FEW = 5;
/** How often an open overview refreshes (site notifications arrive without a reload). */
const REFRESH_MS = 60_000;
const MANY = 50;

type Activity = WorkplaceOverview['activity'][number];

/**
 * Spec 2's overview, on the workplace for every role: tabs overview / project / my team; visits this
 * month against last month; latest activity (audit log) and site notifications with "show more";
 * "view all" to the page that lists everything where the role may open it; "edit info".
 */
export function UserOverview() {
  const { t } = useTranslation();
  const tr = (key: string, options?: Record<string, unknown>) => t(`workplaceOverview.${key}`, options);
  const [limit, setLimit] = useState(FEW);
  const [editing, setEditing] = useState(false);
  const editOpened = useOpenedOnce(editing);
  // "Show more" keeps the shorter lists on screen while the longer ones load.
  const overview = useQuery({
    ...endpointQuery(userApi.overview, { limit }),
    placeholderData: keepPreviousData,
    refetchInterval: REFRESH_MS,
  });
  const info = useUserStore((s) => s.info);
  const role = useUserStore((s) => s.info?.role);
  const me = useEndpointQuery(
    userApi.detail,
    { id: info?.id ?? 0 },
    { enabled: info?.id !== undefined, staleTime: 30_000 },
  );
  const canOpen = new Set(role ? pagesForRole(role).map((p) => p.name) : []);
  const data = overview.data;

  const actionText = (action: string) => {
    const key = `workplaceOverview.actions.${action}`;
    const text = t(key);
    return text === key ? action : text;
  };
  // The target by name; without one, only its kind (an id means nothing to a person).
  const targetText = (type: string | null, name: string | null) => {
    if (!type) return name ?? '';
    const key = `workplaceOverview.targetTypes.${type}`;
    const kind = t(key) === key ? type : t(key);
    return name ? tr('target', { type: kind, name }) : kind;
  };
  const noticeText = (n: SiteNotification) => {
    const actor = n.actorName ?? tr('someone');
    const key = `workplaceOverview.notice.${n.action}`;
    return t(key) === key
      ? tr('notice.other', { actor, action: actionText(n.action) })
      : t(key, { actor, project: n.projectName ?? `#${n.targetId}` });
  };

  const more = (has: boolean) =>
    limit === FEW ? (
      has && (
        <Button type="link" size="small" onClick={() => setLimit(MANY)}>
          {tr('showMore')}
        </Button>
      )
    ) : (
      <Button type="link" size="small" onClick={() => setLimit(FEW)}>
        {tr('showLess')}
      </Button>
    );
  const viewAll = (routeName: string, path: string) =>
    canOpen.has(routeName) && <RouterLink to={path}>{tr('viewAll')}</RouterLink>;

  // Each list: a small card with its links at the top right, "nothing yet" when empty.
  const listCard = <T,>(title: string, extra: ReactNode, items: readonly T[] | undefined, row: RowOf<T>) => (
    <Card size="small" title={tr(title)} extra={extra}>
      <CompactList items={items} emptyText={tr('empty')} row={row} />
    </Card>
  );

  const activityList = listCard(
    'activity',
    <Space>
      {more(data?.more.activity ?? false)}
      {viewAll('isystem-audit', '/isystem/isystem-audit')}
    </Space>,
    data?.activity,
    (a: Activity) => ({
      key: a.id,
      testId: 'activity-item',
      note: formatMinute(a.createdAt),
      content: (
        <span>
          <Typography.Text strong>{a.actorName ?? tr('someone')}</Typography.Text> {actionText(a.action)}{' '}
          <Typography.Text type="secondary">{targetText(a.targetType, a.targetName)}</Typography.Text>
        </span>
      ),
    }),
  );

  const notificationList = listCard(
    'notifications',
    more(data?.more.notifications ?? false),
    data?.notifications,
    (n: SiteNotification) => ({
      key: n.id,
      testId: 'notification-item',
      note: formatMinute(n.createdAt),
      content: <span>{noticeText(n)}</span>,
    }),
  );

  const projectList = listCard(
    'myProjects',
    viewAll('project-list', '/project/project-list'),
    data?.myProjects,
    (p) => ({
      key: p.id,
      note: tr('members', { count: p.memberCount }),
      content: (
        <span>
          <Typography.Text strong>{p.name}</Typography.Text> <Tag>{p.code}</Tag>
        </span>
      ),
    }),
  );

  const teamList = listCard('team', viewAll('info', '/user/info'), data?.team, (m) => ({
    key: m.id,
    content: (
      <Space>
        <Avatar size="small" src={m.avatarUrl ?? undefined} icon={<UserOutlined />} alt="" />
        <span>{m.realName || m.userName}</span>
        <Tag>{t(`role.${m.role}`)}</Tag>
      </Space>
    ),
  }));

  const change = data?.visits.change ?? null;
  const stats = data && (
    <Row gutter={[16, 16]}>
      <Col xs={12} md={8}>
        <Statistic title={tr('visits')} value={data.visits.thisMonth} suffix={tr('visitsUnit')} />
        <Typography.Text type="secondary">{tr('lastMonth', { count: data.visits.lastMonth })}</Typography.Text>
      </Col>
      <Col xs={12} md={4}>
        {change === null ? (
          <Statistic title={tr('change')} value="-" />
        ) : (
          <Statistic
            title={tr('change')}
            value={Math.abs(change)}
            precision={1}
            suffix="%"
            prefix={change >= 0 ? <ArrowUpOutlined /> : <ArrowDownOutlined />}
            styles={{ content: { color: change >= 0 ? 'var(--ant-color-success)' : 'var(--ant-color-error)' } }}
          />
        )}
      </Col>
      <Col xs={8} md={4}>
        <Statistic title={tr('users')} value={data.counts.users} />
      </Col>
      <Col xs={8} md={4}>
        <Statistic title={tr('projects')} value={data.counts.projects} />
      </Col>
      <Col xs={8} md={4}>
        <Statistic title={tr('myProjectsCount')} value={data.counts.myProjects} />
      </Col>
    </Row>
  );

  const body =
    overview.isError && !data ? (
      <Result
        status="warning"
        title={tr('loadFailed')}
        extra={<Button onClick={() => void overview.refetch()}>{tr('retry')}</Button>}
      />
    ) : !data ? (
      <Skeleton active />
    ) : (
      <Tabs
        items={[
          {
            key: 'overview',
            label: tr('tabs.overview'),
            children: (
              <Flex vertical gap={16}>
                {stats}
                <Row gutter={[16, 16]}>
                  <Col xs={24} lg={12}>
                    {activityList}
                  </Col>
                  <Col xs={24} lg={12}>
                    {notificationList}
                  </Col>
                </Row>
                {projectList}
              </Flex>
            ),
          },
          {
            key: 'project',
            label: tr('tabs.project'),
            children: (
              <Suspense fallback={<Skeleton active />}>
                <ProjectCards
                  projects={data.myProjects}
                  canOpen={canOpen}
                  footer={viewAll('project-list', '/project/project-list')}
                />
              </Suspense>
            ),
          },
          { key: 'team', label: tr('tabs.team'), children: teamList },
        ]}
      />
    );

  return (
    <Card
      title={tr('title')}
      style={{ height: '100%' }}
      extra={
        <Space>
          <Button
            aria-label={tr('refresh')}
            icon={<ReloadOutlined />}
            loading={overview.isFetching}
            onClick={() => void overview.refetch()}
          />
          <Button icon={<EditOutlined />} onClick={() => setEditing(true)} disabled={!me.data}>
            {tr('editInfo')}
          </Button>
        </Space>
      }
    >
      {body}
      {editOpened && (
        <Suspense fallback={null}>
          <EditInfoModal me={me.data} open={editing} onClose={() => setEditing(false)} />
        </Suspense>
      )}
    </Card>
  );
}
