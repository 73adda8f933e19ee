import { Card, Col, Flex, Row, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import dayjs from 'dayjs';
import { displayName, useUserStore } from '../../../stores/user';
import { MyAvatar } from '../../../components/MyAvatar';
import { RecentlyVisited } from './RecentlyVisited';
import { Shortcuts } from './Shortcuts';
import { UserOverview } from './UserOverview';

/**
 * The workplace greets the user and shows its overview (visits, activity, site notifications, projects,
 * team), counted by the server from real data. Device totals arrive with the device module.
 */
export function WorkplacePage() {
  const { t } = useTranslation();
  const info = useUserStore((s) => s.info);
  const role = useUserStore((s) => s.role);
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
      <Row gutter={[16, 16]}>
        <Col xs={24} xl={16}>
          <UserOverview />
        </Col>
        <Col xs={24} xl={8}>
          <Flex vertical gap={16}>
            <Shortcuts />
            <RecentlyVisited />
          </Flex>
        </Col>
      </Row>
    </Flex>
  );
}
