import { Button, Space } from 'antd';
import { useTranslation } from 'react-i18next';
import { broadcastApi } from '@siteops/contracts/broadcast/api';
import type { CampaignItem } from '@siteops/contracts/broadcast/schemas';
import { useEndpointMutation } from '@/api/queries';
import { afterReport } from '@/api/reported';
import { IntentScope } from '@/components/intent/IntentScope';
import { LazyPopconfirm } from '@/components/intent/LazyPopconfirm';
import { message } from '@/lib/feedback';

/**
 * Pause, resume and cancel, each after a confirmation, as the campaign's status allows. The confirmations
 * mount on the row's first hover or focus (IntentScope), not with every row.
 */
export function CampaignActions({ item }: { item: CampaignItem }) {
  const { t } = useTranslation();
  const pause = useEndpointMutation(broadcastApi.pause);
  const resume = useEndpointMutation(broadcastApi.resume);
  const cancel = useEndpointMutation(broadcastApi.cancel);
  if (item.status !== 'scheduled' && item.status !== 'paused') return null;
  const run = (m: typeof pause, done: string) =>
    afterReport(m.mutateAsync({ id: item.id }).then(() => message().success(t(done))));
  const confirm = (title: string) => ({ title, okText: t('common.ok'), cancelText: t('common.cancel') });
  return (
    <IntentScope>
      <Space size={4}>
        {item.status === 'scheduled' ? (
          <LazyPopconfirm {...confirm(t('broadcast.pauseConfirm'))} onConfirm={() => run(pause, 'broadcast.paused')}>
            <Button size="small" loading={pause.isPending}>
              {t('broadcast.pause')}
            </Button>
          </LazyPopconfirm>
        ) : (
          <LazyPopconfirm {...confirm(t('broadcast.resumeConfirm'))} onConfirm={() => run(resume, 'broadcast.resumed')}>
            <Button size="small" type="primary" loading={resume.isPending}>
              {t('broadcast.resume')}
            </Button>
          </LazyPopconfirm>
        )}
        <LazyPopconfirm {...confirm(t('broadcast.cancelConfirm'))} onConfirm={() => run(cancel, 'broadcast.cancelled')}>
          <Button size="small" danger loading={cancel.isPending}>
            {t('broadcast.cancel')}
          </Button>
        </LazyPopconfirm>
      </Space>
    </IntentScope>
  );
}
