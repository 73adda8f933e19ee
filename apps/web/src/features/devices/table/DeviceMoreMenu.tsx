import { Dropdown, type MenuProps } from 'antd';
import type { ReactElement } from 'react';
import { DeleteOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import type { DeviceItem } from '@siteops/contracts/device';
import { afterReport } from '@/api/reported';
import { modal } from '@/lib/feedback';
import { useDeviceLinkMenu } from '@/features/devices/link/useDeviceLinkMenu';
import { useFaceLibraryMenu } from '@/features/devices/faces/useFaceLibraryMenu';

interface Props {
  row: DeviceItem;
  isAdmin: boolean;
  onRemove: () => Promise<void>;
  open: boolean;
  setOpen: (open: boolean) => void;
  /** The "more" button. */
  children: ReactElement;
}

/**
 * A device row's "more" menu: a face terminal's face library, the remote commands and delete (admin), with
 * the dialogs they open. Mounted only once the row is hovered or focused (DeviceRowActions), so a list's
 * first paint has no command hooks, menu or dialogs per row. DeviceRowActions shows the button only when
 * this menu has items (showsMoreMenu).
 */
export function DeviceMoreMenu({ row, isAdmin, onRemove, open, setOpen, children }: Props) {
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
    <>
      <Dropdown menu={{ items: more }} trigger={['click']} open={open} onOpenChange={setOpen}>
        {children}
      </Dropdown>
      {link.dialogs}
      {faces.dialogs}
    </>
  );
}
