import { Badge, Button, Empty, Flex, Spin, Typography, theme } from 'antd';
import { useTranslation } from 'react-i18next';
import { notificationApi } from '@siteops/contracts/notification/api';
import type { NotificationItem, NotificationTab } from '@siteops/contracts/notification/schemas';
import { useEndpointQuery } from '@/api/queries';
import { formatMinute } from '@/lib/time';

/** How many of a tab's newest items the message box shows; older ones are a page away. */
export const BOX_PAGE_SIZE = 8;

/**
 * The newest items of one tab, unread ones marked. Each is a button: choosing it marks it read and
 * follows its link (`onOpen`).
 */
export function NotificationList({
  tab,
  enabled,
  onOpen,
}: {
  tab: NotificationTab;
  enabled: boolean;
  onOpen: (item: NotificationItem) => void;
}) {
  const { t } = useTranslation();
  const { token } = theme.useToken();
  const query = useEndpointQuery(notificationApi.listAll, { tab, pageSize: BOX_PAGE_SIZE }, { enabled });
  if (query.isPending) return <Spin style={{ display: 'block', margin: '24px auto' }} />;
  const items = query.data?.list ?? [];
  if (items.length === 0) {
    return <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('messageBox.empty')} />;
  }
  return (
    <ul style={{ listStyle: 'none', margin: 0, padding: 0, maxHeight: 360, overflowY: 'auto' }}>
      {items.map((n) => (
        <li key={n.id} style={{ borderBottom: `1px solid ${token.colorBorderSecondary}` }}>
          <Button
            type="text"
            block
            onClick={() => onOpen(n)}
            style={{ height: 'auto', padding: '8px 4px', textAlign: 'start', whiteSpace: 'normal' }}
          >
            <Flex gap={8} align="baseline" style={{ width: '100%' }}>
              <Badge
                status={n.read ? 'default' : 'processing'}
                aria-label={n.read ? undefined : t('notifications.unread')}
              />
              <Flex vertical style={{ minWidth: 0, flex: 1 }}>
                <Typography.Text strong={!n.read}>{n.title}</Typography.Text>
                {n.body && (
                  <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                    {n.body}
                  </Typography.Text>
                )}
                <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                  {formatMinute(n.createdAt)}
                </Typography.Text>
              </Flex>
            </Flex>
          </Button>
        </li>
      ))}
    </ul>
  );
}
