import { Button, Dropdown, Popconfirm, Space, type MenuProps } from 'antd';
import { DeleteOutlined, DownOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import type { DeviceItem } from '@siteops/contracts/device';
import { afterReport } from '@/api/reported';
import { modal } from '@/lib/feedback';
import { useDeviceLinkMenu } from '@/features/devices/link/useDeviceLinkMenu';
import { useFaceLibraryMenu } from '@/features/devices/faces/useFaceLibraryMenu';

interface Props {
  row: DeviceItem;
  isAdmin: boolean;
  onView: () => void;
  onEdit: () => void;
  onSetAuth: (authStatus: 'authorize' | 'forbidden') => Promise<void>;
  onRemove: () => Promise<void>;
}

/**
 * One device row's actions: view, edit and authorise/forbid in sight; a face terminal's face library,
 * the remote commands and delete (admin) under "more", so the column stays narrow and the status columns are visible at 1440 px.
 * A failed write was already reported by the client; afterReport only ends the click's promise.
 */
export function DeviceRowActions({ row, isAdmin, onView, onEdit, onSetAuth, onRemove }: Props) {
  const { t } = useTranslation();
  const link = useDeviceLinkMenu(row);
  const faces = useFaceLibraryMenu(row);
  const confirmRemove = () =>
    modal().confirm({
      title: t('common.deleteConfirm'),
      okText: t('common.ok'),
      cancelText: t('common.cancel'),
      okButtonProps: { danger: true },
      onOk: () => afterReport(onRemove()),
    });
  const more: NonNullable<MenuProps['items']> = [
    ...faces.items,
    ...link.items,
    ...(isAdmin
      ? [
          ...(link.items.length || faces.items.length ? [{ type: 'divider' as const }] : []),
          {
            key: 'delete',
            icon: <DeleteOutlined />,
            label: t('common.delete'),
            danger: true,
            onClick: confirmRemove,
          },
        ]
      : []),
  ];
  return (
    <Space size={0}>
      <Button type="link" size="small" onClick={onView}>
        {t('devices.view')}
      </Button>
      <Button type="link" size="small" onClick={onEdit}>
        {t('common.edit')}
      </Button>
      {row.authStatus === 'authorize' ? (
        <Popconfirm
          title={t('devices.forbidConfirm')}
          okText={t('common.ok')}
          cancelText={t('common.cancel')}
          onConfirm={() => afterReport(onSetAuth('forbidden'))}
        >
          <Button type="link" size="small" danger>
            {t('devices.forbid')}
          </Button>
        </Popconfirm>
      ) : (
        <Button type="link" size="small" onClick={() => void afterReport(onSetAuth('authorize'))}>
          {t('devices.authorize')}
        </Button>
      )}
      {more.length > 0 && (
        <Dropdown menu={{ items: more }} trigger={['click']}>
          <Button type="link" size="small">
            {t('common.more')} <DownOutlined />
          </Button>
        </Dropdown>
      )}
      {link.dialogs}
      {faces.dialogs}
    </Space>
  );
}
