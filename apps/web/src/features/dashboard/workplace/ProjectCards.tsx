import type { ReactNode } from 'react';
import { Card, Col, Empty, Flex, Progress, Row, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import type { WorkplaceOverview } from '@siteops/contracts/user/overview';
import { RouterLink } from '@/components/RouterLink';

type Project = WorkplaceOverview['myProjects'][number];

/**
 * The Workplace's project tab (spec 2, issue 14's card list): one card per project of mine, with its
 * people and its fleet (devices online of all, counted by the server now). A card links to the project's
 * devices and people only for a role that may open those pages.
 */
export function ProjectCards({
  projects,
  canOpen,
  footer,
}: {
  projects: readonly Project[];
  canOpen: ReadonlySet<string>;
  footer?: ReactNode;
}) {
  const { t } = useTranslation();
  const tr = (key: string, options?: Record<string, unknown>) => t(`workplaceOverview.${key}`, options);
  if (projects.length === 0) return <Empty description={tr('empty')} />;
  return (
    <Flex vertical gap={12}>
      <Row gutter={[16, 16]}>
        {projects.map((p) => {
          const rate = p.devices.total ? Math.round((p.devices.online / p.devices.total) * 100) : 0;
          const links = [
            canOpen.has('device-list') && (
              <RouterLink key="devices" to={`/device/device-list?projectId=${p.id}`}>
                {tr('projectDevices')}
              </RouterLink>
            ),
            canOpen.has('project-User') && (
              <RouterLink key="people" to={`/project/project-User?projectId=${p.id}`}>
                {tr('projectPeople')}
              </RouterLink>
            ),
          ].filter(Boolean);
          return (
            <Col xs={24} sm={12} xl={8} key={p.id}>
              <Card
                size="small"
                role="group"
                aria-label={p.name}
                title={p.name}
                extra={<Tag>{p.code}</Tag>}
                actions={links.length ? links : undefined}
              >
                <Flex vertical gap={4}>
                  <Typography.Text>{tr('members', { count: p.memberCount })}</Typography.Text>
                  {p.devices.total ? (
                    <>
                      <Typography.Text>
                        {tr('projectOnline', { online: p.devices.online, total: p.devices.total })}
                      </Typography.Text>
                      <Progress percent={rate} size="small" aria-label={tr('projectOnlineRate', { rate })} />
                    </>
                  ) : (
                    <Typography.Text type="secondary">{tr('projectNoDevices')}</Typography.Text>
                  )}
                </Flex>
              </Card>
            </Col>
          );
        })}
      </Row>
      {footer}
    </Flex>
  );
}
