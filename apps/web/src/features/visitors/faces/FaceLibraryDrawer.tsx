import { useState } from 'react';
import { Alert, Button, Drawer, Flex, Input, Table, Tag, Typography } from 'antd';
import type { TableColumnsType } from 'antd';
import { ReloadOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { visitorApi } from '@siteops/contracts/visitor/api';
import type { FacePersonItem, FaceSyncState } from '@siteops/contracts/visitor/gate';
import { useEndpointMutation, useEndpointQuery } from '@/api/queries';
import { afterReport } from '@/api/reported';
import { IntentScope } from '@/components/intent/IntentScope';
import { LazyPopconfirm } from '@/components/intent/LazyPopconfirm';
import { LazyTooltip } from '@/components/intent/LazyTooltip';
import { message } from '@/lib/feedback';
import { formatMinute } from '@/lib/time';
import { actionsColumn, RowActions, RowAction } from '@/components/table/rowActions';
import { timeColumn } from '@/components/table/columns';

export interface FaceDevice {
  id: number;
  devName?: string | null;
  sn: string;
  onlineStatus: string;
}

const COLOR: Record<FaceSyncState, string> = {
  synced: 'success',
  pending: 'processing',
  failed: 'error',
  removed: 'default',
};
/** The dispatcher changes the states in the background (and no live topic says so): look again this often while open. */
const REFRESH_MS = 3_000;

/**
 * The face library of one face terminal (the device row's "Face library"): who the server keeps on it
 * (the project's personnel and its visitors) with each person's sync state, and re-sync or remove one (docs/device-protocol.md 5.2 says what a
 * removal by hand means). The server checks the caller's scope again.
 */
export function FaceLibraryDrawer({ device, onClose }: { device: FaceDevice | null; onClose: () => void }) {
  const { t } = useTranslation();
  const [keyword, setKeyword] = useState('');
  const [page, setPage] = useState({ page: 1, pageSize: 20 });
  const input = { deviceId: device?.id ?? 0, keyword: keyword || undefined, ...page };
  const faces = useEndpointQuery(visitorApi.faces, input, {
    enabled: device !== null,
    refetchInterval: REFRESH_MS,
  });
  const resync = useEndpointMutation(visitorApi.resyncFace);
  const remove = useEndpointMutation(visitorApi.removeFace);

  const act = async (kind: 'resync' | 'remove', row: FacePersonItem) => {
    if (!device) return;
    const body = { deviceId: device.id, personId: row.personId };
    if (kind === 'resync') await resync.mutateAsync(body);
    else await remove.mutateAsync(body);
    message().success(t(kind === 'resync' ? 'faceLibrary.resynced' : 'faceLibrary.removed'));
  };

  const columns: TableColumnsType<FacePersonItem> = [
    {
      key: 'name',
      title: t('faceLibrary.name'),
      render: (_: unknown, r) =>
        r.name ?? <Typography.Text type="secondary">{t('faceLibrary.deleted')}</Typography.Text>,
    },
    {
      key: 'kind',
      dataIndex: 'role',
      title: t('faceLibrary.kind'),
      render: (role: FacePersonItem['role']) => (
        <Tag color={role === 'worker' ? 'blue' : 'gold'}>{t(`faceLibrary.kinds.${role}`)}</Tag>
      ),
    },
    { key: 'personId', dataIndex: 'personId', title: t('faceLibrary.personId') },
    {
      key: 'visit',
      title: t('faceLibrary.visit'),
      // Personnel have no end (docs/device-protocol.md 5.2); a visitor its visit.
      render: (_: unknown, r) =>
        r.role === 'worker'
          ? t('faceLibrary.always')
          : r.visitStart
            ? `${formatMinute(r.visitStart)} – ${formatMinute(r.visitEnd)}`
            : '',
    },
    {
      key: 'state',
      dataIndex: 'state',
      title: t('faceLibrary.state'),
      render: (s: FaceSyncState, r) => {
        const tag = (
          <Tag color={COLOR[s]} data-testid={`face-state-${r.personId}`}>
            {t(`faceLibrary.states.${s}`)}
          </Tag>
        );
        // The error's tooltip mounts on the tag's first hover, not with every row.
        return r.lastError ? (
          <IntentScope>
            <LazyTooltip title={r.lastError}>{tag}</LazyTooltip>
          </IntentScope>
        ) : (
          tag
        );
      },
    },
    timeColumn<FacePersonItem>('syncedAt', t('faceLibrary.syncedAt')),
    actionsColumn<FacePersonItem>(t, (r) => (
      <RowActions>
        <RowAction onClick={() => void afterReport(act('resync', r))}>{t('faceLibrary.resync')}</RowAction>
        {r.state !== 'removed' && (
          <LazyPopconfirm
            title={t('faceLibrary.removeConfirm', { name: r.name ?? r.personId })}
            okText={t('common.ok')}
            cancelText={t('common.cancel')}
            okButtonProps={{ danger: true }}
            onConfirm={() => afterReport(act('remove', r))}
          >
            <Button type="link" size="small" danger>
              {t('faceLibrary.remove')}
            </Button>
          </LazyPopconfirm>
        )}
      </RowActions>
    )),
  ];

  return (
    <Drawer
      open={device !== null}
      onClose={onClose}
      title={device ? t('faceLibrary.title', { name: device.devName || device.sn }) : ''}
      size={860}
      destroyOnHidden
    >
      <Flex vertical gap={12}>
        <Typography.Text type="secondary">{t('faceLibrary.intro')}</Typography.Text>
        {device && device.onlineStatus !== 'online' && (
          <Alert type="info" showIcon title={t('faceLibrary.offlineNote')} />
        )}
        <Flex gap={8}>
          <Input.Search
            allowClear
            placeholder={t('faceLibrary.search')}
            aria-label={t('faceLibrary.search')}
            onSearch={(v) => {
              setKeyword(v.trim());
              setPage((p) => ({ ...p, page: 1 }));
            }}
          />
          <Button icon={<ReloadOutlined />} onClick={() => void faces.refetch()}>
            {t('faceLibrary.refresh')}
          </Button>
        </Flex>
        <Table<FacePersonItem>
          size="small"
          rowKey="personId"
          columns={columns}
          dataSource={faces.data?.list ?? []}
          loading={faces.isLoading}
          scroll={{ x: 'max-content' }}
          pagination={{
            current: page.page,
            pageSize: page.pageSize,
            total: faces.data?.total ?? 0,
            showSizeChanger: true,
            onChange: (p, size) => setPage({ page: p, pageSize: size }),
          }}
        />
      </Flex>
    </Drawer>
  );
}
