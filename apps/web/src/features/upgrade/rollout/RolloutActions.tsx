import { Button, Space } from 'antd';
import { useTranslation } from 'react-i18next';
import { rolloutApi } from '@siteops/contracts/rollout/api';
import type { RolloutItem } from '@siteops/contracts/rollout/schemas';
import { useEndpointMutation } from '@/api/queries';
import { afterReport } from '@/api/reported';
import { LazyPopconfirm } from '@/components/intent/LazyPopconfirm';
import { message } from '@/lib/feedback';

/** Pause, resume and cancel, as the rollout's status allows. */
export function RolloutActions({ item, size = 'small' }: { item: RolloutItem; size?: 'small' | 'middle' }) {
  const { t } = useTranslation();
  const pause = useEndpointMutation(rolloutApi.pause, ['upgrade']);
  const resume = useEndpointMutation(rolloutApi.resume, ['upgrade']);
  const cancel = useEndpointMutation(rolloutApi.cancel, ['upgrade']);
  const run = (m: typeof pause, done: string) =>
    afterReport(m.mutateAsync({ id: item.id }).then(() => message().success(t(done))));
  const open = item.status === 'running' || item.status === 'paused';
  if (!open) return null;
  return (
    <Space size={4}>
      {item.status === 'running' ? (
        <Button size={size} loading={pause.isPending} onClick={() => void run(pause, 'rollout.paused')}>
          {t('rollout.pause')}
        </Button>
      ) : (
        <Button
          size={size}
          type="primary"
          loading={resume.isPending}
          onClick={() => void run(resume, 'rollout.resumed')}
        >
          {t('rollout.resume')}
        </Button>
      )}
      <LazyPopconfirm
        title={t('rollout.cancelConfirm')}
        okText={t('common.ok')}
        cancelText={t('common.cancel')}
        onConfirm={() => run(cancel, 'rollout.cancelled')}
      >
        <Button size={size} danger loading={cancel.isPending}>
          {t('rollout.cancel')}
        </Button>
      </LazyPopconfirm>
    </Space>
  );
}
