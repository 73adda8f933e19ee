import { lazy, Suspense, useState } from 'react';
import { Badge, Button, Flex, Popover, Tabs } from 'antd';
import { BellOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import type { NotificationItem, NotificationTab } from '@siteops/contracts/notification/schemas';
import { notificationApi } from '@siteops/contracts/notification/api';
import { useEndpointMutation } from '@/api/queries';
import { useIntent } from '@/components/intent/intent';
import { LazyTooltip } from '@/components/intent/LazyTooltip';
import { pathOf } from '@/lib/routeMeta';
import { afterReport } from '@/api/reported';
import { NotificationList } from '@/features/notifications/NotificationList';
import { useNotificationCounts } from '@/features/notifications/useNotifications';

const LiveNotifications = lazy(() => import('@/features/notifications/LiveNotifications'));

/** The contract's NOTIFICATION_TABS, restated: importing the value would bring zod into every page's first load. */
const TABS: readonly NotificationTab[] = ['message', 'notice', 'todo'];
/** The full-page message centre's route name. */
const CENTRE = 'messages';

/**
 * The navbar's bell: unread count, and a box with the message / notice / to-do tabs (their unread
 * counts on them), the newest items of each, and "all read". New items arrive over the live channel.
 * The box and the tooltip mount once the navbar is hovered or focused (its IntentScope); a press on the
 * bell before that mounts them and opens the box.
 */
export function MessageBox() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { armed, arm } = useIntent();
  const [open, setOpen] = useState(false);
  const [tab, setTab] = useState<NotificationTab>('message');
  const counts = useNotificationCounts().data;
  const total = counts?.total ?? 0;
  const read = useEndpointMutation(notificationApi.read);
  const readAll = useEndpointMutation(notificationApi.readAll);

  const openItem = (n: NotificationItem) => {
    if (!n.read) void afterReport(read.mutateAsync({ id: n.id }));
    if (n.link) {
      setOpen(false);
      void navigate(n.link);
    }
  };

  const content = (
    <div style={{ width: 'min(360px, calc(100vw - 32px))' }}>
      <Tabs
        size="small"
        centered
        activeKey={tab}
        onChange={(key) => setTab(key as NotificationTab)}
        items={TABS.map((kind) => ({
          key: kind,
          label: (
            <Badge count={counts?.[kind] ?? 0} size="small" offset={[8, -2]}>
              {t(`messageBox.${kind}`)}
            </Badge>
          ),
          children: <NotificationList tab={kind} enabled={open && tab === kind} onOpen={openItem} />,
        }))}
      />
      <Flex justify="space-between">
        <Button
          type="link"
          size="small"
          onClick={() => {
            setOpen(false);
            void navigate(`${pathOf(CENTRE) ?? '/'}?tab=${tab}`);
          }}
        >
          {t('notifications.viewAll')}
        </Button>
        <Button
          type="link"
          size="small"
          disabled={total === 0}
          loading={readAll.isPending}
          onClick={() => void afterReport(readAll.mutateAsync({}))}
        >
          {t('messageBox.allRead')}
        </Button>
      </Flex>
    </div>
  );
  const label = total ? t('notifications.bellUnread', { count: total }) : t('notifications.bell');
  const bell = (
    <Badge count={total} size="small">
      <Button
        type="text"
        shape="circle"
        icon={<BellOutlined />}
        aria-label={label}
        onClick={armed ? undefined : () => arm(() => setOpen(true))}
      />
    </Badge>
  );
  return (
    <>
      <Suspense fallback={null}>
        <LiveNotifications />
      </Suspense>
      {armed ? (
        <Popover trigger="click" placement="bottomRight" content={content} open={open} onOpenChange={setOpen}>
          <LazyTooltip title={t('navbar.messages')}>{bell}</LazyTooltip>
        </Popover>
      ) : (
        bell
      )}
    </>
  );
}
