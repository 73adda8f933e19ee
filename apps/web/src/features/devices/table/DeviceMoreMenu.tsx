import { Fragment, type ReactElement } from 'react';
import { Dropdown } from 'antd';
import { DeleteOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import type { DeviceItem } from '@siteops/contracts/device/schemas';
import { afterReport } from '@/api/reported';
import { modal } from '@/lib/feedback';
import type { DeviceRowMenus, MenuItem, RowMenu } from './rowMenus';

interface Props {
  row: DeviceItem;
  isAdmin: boolean;
  onRemove: () => Promise<void>;
  open: boolean;
  setOpen: (open: boolean) => void;
  /** What other features add (a face terminal's face library, the remote commands). */
  rowMenus: DeviceRowMenus;
  /** The "more" button. */
  children: ReactElement;
}

/**
 * A device row's "more" menu: what other features add (a face terminal's face library, the remote
 * commands) and delete (admin), with the dialogs they open. Mounted only once the row is hovered or focused
 * (DeviceRowActions), so a list's first paint has no command hooks, menu or dialogs per row.
 * DeviceRowActions shows the button only when this menu has items (rowMenus.hasItems).
 */
export function DeviceMoreMenu({ row, isAdmin, onRemove, open, setOpen, rowMenus: { Menus }, children }: Props) {
  const { t } = useTranslation();
  const confirmRemove = () =>
    modal().confirm({
      title: t('common.deleteConfirm'),
      okText: t('common.ok'),
      cancelText: t('common.cancel'),
      okButtonProps: { danger: true },
      onOk: () => afterReport(onRemove()),
    });
  const withDelete = (added: MenuItem[]): MenuItem[] => [
    ...added,
    ...(isAdmin
      ? [
          ...(added.length ? [{ type: 'divider' as const }] : []),
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
    <Menus row={row}>
      {(menus: RowMenu[]) => (
        <>
          <Dropdown
            menu={{ items: withDelete(menus.flatMap((m) => m.items)) }}
            trigger={['click']}
            open={open}
            onOpenChange={setOpen}
          >
            {children}
          </Dropdown>
          {menus.map((m, i) => (
            <Fragment key={i}>{m.dialogs}</Fragment>
          ))}
        </>
      )}
    </Menus>
  );
}
