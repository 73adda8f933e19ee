import { useState } from 'react';
import { Button, Flex, Space, Tag, Typography } from 'antd';
import type { TableColumnsType } from 'antd';
import { RocketOutlined, UploadOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';

import { DEVICE_TYPES } from '@siteops/contracts/device-protocol';
import { UPGRADE_STATUSES, type UpgradeItem, type UpgradeStatus } from '@siteops/contracts/upgrade/schemas';
import { upgradeApi } from '@siteops/contracts/upgrade/api';
import { useDownload } from '@/api/queries';
import { afterReport } from '@/api/reported';
import { LazyTooltip } from '@/components/intent/LazyTooltip';
import { listRead } from '@/components/list/listRead';
import { useListPage } from '@/components/list/useListPage';

import { formatBytes } from './formatBytes';
import { UploadDialog } from './UploadDialog';
import { RolloutDialog } from '@/features/upgrade/rollout/RolloutDialog';
import { actionsColumn, RowActions, RowAction } from '@/components/table/rowActions';
import { useListDelete } from '@/components/list/useListDelete';
import { ListLayout } from '@/components/list/ListLayout';
import { textColumn, timeColumn, valueColumn } from '@/components/table/columns';
import { SearchText } from '@/components/form/SearchText';
import { SearchSelect } from '@/components/form/SearchSelect';
import { FileName } from '@/components/FileName';

const FILTERS = ['fileName', 'fileVersion', 'status', 'deviceType'] as const;
const STATUS_COLOR: Record<UpgradeStatus, string> = { new: 'processing', success: 'success', failure: 'error' };

const LIST = { filters: FILTERS };
export const firstRead = listRead(upgradeApi.listAll, () => LIST);

/** /device/device-upgrade (admin): firmware packages — search, upload with progress, roll out, download, delete. */
export function UpgradePage() {
  const { t } = useTranslation();
  const { table } = useListPage(upgradeApi.listAll, LIST);
  const download = useDownload(upgradeApi.download, 'firmware.bin');
  const { selection, batchDelete, rowDelete } = useListDelete(upgradeApi.delete);
  const [uploading, setUploading] = useState(false);
  const [rollingOut, setRollingOut] = useState<UpgradeItem | null>(null);
  const navigate = useNavigate();

  const columns: TableColumnsType<UpgradeItem> = [
    { key: 'id', dataIndex: 'id', title: 'ID', sorter: true, width: 80 },
    valueColumn('fileName', t('upgrade.fileName'), (name) => <FileName name={name} />, { sortable: true }),
    { key: 'fileVersion', dataIndex: 'fileVersion', title: t('upgrade.fileVersion'), sorter: true },
    valueColumn('fileSize', t('upgrade.fileSize'), (v) => formatBytes(v), { sortable: true }),
    { key: 'checkType', dataIndex: 'checkType', title: t('upgrade.checkType') },
    {
      key: 'checkSum',
      dataIndex: 'checkSum',
      title: t('upgrade.checkSum'),
      render: (v: string) => (
        <Typography.Text code copyable={{ text: v }} ellipsis={{ tooltip: v }} style={{ maxWidth: 160 }}>
          {v}
        </Typography.Text>
      ),
    },
    {
      key: 'deviceTypes',
      dataIndex: 'deviceTypes',
      title: t('upgrade.deviceTypes'),
      render: (types: string[]) => (
        <Flex wrap gap={4}>
          {types.map((type) => (
            <Tag key={type}>{t(`devices.type.${type}`)}</Tag>
          ))}
        </Flex>
      ),
    },
    { key: 'minVersion', dataIndex: 'minVersion', title: t('upgrade.minVersion') },
    valueColumn(
      'status',
      t('upgrade.status'),
      (v, row) => (
        <Space size={4}>
          <Tag color={STATUS_COLOR[v]}>{t(`upgrade.statusValue.${v}`)}</Tag>
          {row.openRollouts > 0 && <Tag>{t('upgrade.inUse', { count: row.openRollouts })}</Tag>}
        </Space>
      ),
      { sortable: true },
    ),
    textColumn<UpgradeItem>('releaseNotes', t('upgrade.releaseNotes'), 240),
    timeColumn<UpgradeItem>('createdAt', t('upgrade.createdAt'), { sortable: true }),
    actionsColumn<UpgradeItem>(t, (row) => (
      <RowActions>
        <RowAction onClick={() => setRollingOut(row)}>{t('rollout.rollOut')}</RowAction>
        <LazyTooltip title={<FileName name={row.fileName} />}>
          <Button
            type="link"
            size="small"
            loading={download.isPending && download.variables?.id === row.id}
            onClick={() => void afterReport(download.mutateAsync({ id: row.id }))}
          >
            {t('upgrade.download')}
          </Button>
        </LazyTooltip>
        {rowDelete(row.id)}
      </RowActions>
    )),
  ];

  return (
    <ListLayout
      search={
        <>
          <SearchText name="fileName" label={t('upgrade.fileName')} />
          <SearchText name="fileVersion" label={t('upgrade.fileVersion')} />
          <SearchSelect
            name="status"
            label={t('upgrade.status')}
            options={UPGRADE_STATUSES.map((s) => ({ value: s, label: t(`upgrade.statusValue.${s}`) }))}
          />
          <SearchSelect
            name="deviceType"
            label={t('upgrade.deviceTypes')}
            options={DEVICE_TYPES.map((type) => ({ value: type, label: t(`devices.type.${type}`) }))}
          />
        </>
      }
      table={{
        tableId: 'upgrades',
        columns,
        ...table,
        ...selection,
        toolbar: (
          <>
            <Button type="primary" icon={<UploadOutlined />} onClick={() => setUploading(true)}>
              {t('upgrade.upload')}
            </Button>
            <Button icon={<RocketOutlined />} onClick={() => void navigate('/device/device-rollout')}>
              {t('menu.device.rollout')}
            </Button>
            {batchDelete}
          </>
        ),
      }}
    >
      <UploadDialog open={uploading} onClose={() => setUploading(false)} />
      <RolloutDialog pkg={rollingOut} onClose={() => setRollingOut(null)} />
    </ListLayout>
  );
}
