import { PushpinFilled } from '@ant-design/icons';
import { Button, Card, Flex, Modal, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import type { AnnouncementNotice } from '@siteops/contracts/announcement/schemas';
import { announcementApi } from '@siteops/contracts/announcement/api';
import { useEndpointQuery } from '@/api/queries';
import { formatDateTime } from '@/lib/time';
import { CompactList } from './CompactList';

const SHOWN = 5;

/**
 * The announcements in force for the caller (the server picks them by audience), pinned first. One
 * opens in a dialog; `?announcement=<id>` (where a notice in the message box leads) opens it too, even
 * when it is no longer among the latest. The bell's live feed refreshes this list when a notice arrives.
 */
export function AnnouncementsCard() {
  const { t } = useTranslation();
  const [search, setSearch] = useSearchParams();
  const latest = useEndpointQuery(announcementApi.latest, { limit: SHOWN });
  const openId = Number(search.get('announcement')) || 0;
  const inList = latest.data?.find((a) => a.id === openId);
  const fetched = useEndpointQuery(announcementApi.view, { id: openId }, { enabled: openId > 0 && !inList });
  const open: AnnouncementNotice | undefined = inList ?? (openId ? fetched.data : undefined);

  const show = (id: number | null) => {
    const next = new URLSearchParams(search);
    if (id) next.set('announcement', String(id));
    else next.delete('announcement');
    setSearch(next, { replace: true });
  };

  return (
    <Card title={t('workplace.announcements')} data-testid="workplace-announcements">
      <CompactList
        items={latest.data}
        emptyText={t('workplace.announcementsEmpty')}
        row={(a) => ({
          key: a.id,
          testId: `announcement-${a.id}`,
          content: (
            <Flex vertical gap={2}>
              <Flex gap={6} align="center">
                {a.pinned && <PushpinFilled aria-label={t('workplace.pinned')} />}
                {a.level === 'warning' && <Tag color="warning">{t('workplace.announcementWarning')}</Tag>}
                <Button type="link" size="small" style={{ padding: 0, height: 'auto' }} onClick={() => show(a.id)}>
                  <Typography.Text ellipsis style={{ maxWidth: 260, color: 'inherit' }}>
                    {a.title}
                  </Typography.Text>
                </Button>
              </Flex>
              <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                {formatDateTime(a.publishedAt)}
              </Typography.Text>
            </Flex>
          ),
        })}
      />
      <Modal
        open={Boolean(open)}
        title={open?.title}
        onCancel={() => show(null)}
        footer={<Button onClick={() => show(null)}>{t('workplace.close')}</Button>}
      >
        {open && (
          <Flex vertical gap={8}>
            <Typography.Text type="secondary">
              {t('workplace.announcementPublished', { at: formatDateTime(open.publishedAt) })}
              {open.expiresAt ? ` · ${t('workplace.announcementUntil', { at: formatDateTime(open.expiresAt) })}` : ''}
            </Typography.Text>
            <Typography.Paragraph style={{ whiteSpace: 'pre-wrap', marginBottom: 0 }}>{open.body}</Typography.Paragraph>
          </Flex>
        )}
      </Modal>
    </Card>
  );
}
