import { Drawer, Form, Select } from 'antd';
import type { TableColumnsType } from 'antd';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { rolloutApi } from '@siteops/contracts/rollout/api';
import { ROLLOUT_STATUSES, type RolloutItem } from '@siteops/contracts/rollout/schemas';
import { listRead } from '@/components/list/listRead';
import { useListPage } from '@/components/list/useListPage';
import { RolloutActions } from './RolloutActions';
import { RolloutDetail } from './RolloutDetail';
import { CountsProgress, RolloutStatus, StateCounts } from './rolloutTags';
import { useRolloutLive } from './useRolloutLive';
import { actionsColumn, RowActions, RowAction } from '@/components/table/rowActions';
import { ListLayout } from '@/components/list/ListLayout';
import { timeColumn } from '@/components/table/columns';
import { FileName } from '@/components/FileName';

const FILTERS = ['status', 'packageId'] as const;

const LIST = { filters: FILTERS };
export const firstRead = listRead(rolloutApi.listAll, () => LIST);

/** /device/device-rollout (admin): firmware rollouts with live progress; `?id=` opens one. */
export function RolloutsPage() {
  const { t } = useTranslation();
  const { table } = useListPage(rolloutApi.listAll, LIST);
  const [search, setSearch] = useSearchParams();
  const openId = Number(search.get('id')) || undefined;
  const show = (id: number | undefined) =>
    setSearch((s) => {
      const next = new URLSearchParams(s);
      if (id) next.set('id', String(id));
      else next.delete('id');
      return next;
    });
  useRolloutLive((table.list ?? []).filter((r) => r.status === 'running' || r.status === 'paused').map((r) => r.id));

  const columns: TableColumnsType<RolloutItem> = [
    { key: 'id', dataIndex: 'id', title: 'ID', width: 70 },
    {
      key: 'package',
      dataIndex: 'fileName',
      title: t('rollout.package'),
      render: (_: unknown, r) => (
        <>
          <FileName name={r.fileName} /> → {r.fileVersion}
        </>
      ),
    },
    {
      key: 'status',
      dataIndex: 'status',
      title: t('rollout.statusTitle'),
      render: (_: unknown, r) => <RolloutStatus item={r} />,
    },
    {
      key: 'progress',
      dataIndex: 'total',
      title: t('rollout.progress'),
      render: (_: unknown, r) => (
        <CountsProgress label={t('rollout.progress')} counts={r.counts} total={r.total} width={160} />
      ),
    },
    {
      key: 'counts',
      dataIndex: 'counts',
      title: t('rollout.counts'),
      render: (_: unknown, r) => <StateCounts counts={r.counts} />,
    },
    {
      key: 'group',
      dataIndex: 'currentGroup',
      title: t('rollout.currentGroup'),
      render: (_: unknown, r) => `${r.currentGroup} / ${r.groupCount}`,
    },
    timeColumn<RolloutItem>('createdAt', t('rollout.createdAt')),
    actionsColumn<RolloutItem>(t, (r) => (
      <RowActions>
        <RowAction onClick={() => show(r.id)}>{t('rollout.detail')}</RowAction>
        <RolloutActions item={r} />
      </RowActions>
    )),
  ];

  return (
    <ListLayout
      search={
        <>
          <Form.Item name="status" label={t('rollout.statusTitle')}>
            <Select allowClear options={ROLLOUT_STATUSES.map((s) => ({ value: s, label: t(`rollout.status.${s}`) }))} />
          </Form.Item>
        </>
      }
      table={{ tableId: 'rollouts', columns, ...table }}
    >
      <Drawer
        open={openId !== undefined}
        onClose={() => show(undefined)}
        title={t('rollout.detailTitle', { id: openId ?? '' })}
        size={960}
        destroyOnHidden
      >
        {openId !== undefined && <RolloutDetail id={openId} />}
      </Drawer>
    </ListLayout>
  );
}
