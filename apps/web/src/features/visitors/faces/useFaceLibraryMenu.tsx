import { useState, type ReactNode } from 'react';
import type { MenuProps } from 'antd';
import { TeamOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { VISITOR_DEVICE_TYPES } from '@siteops/contracts/visitor/device';
import { FaceLibraryDrawer, type FaceDevice } from './FaceLibraryDrawer';

type MenuItem = NonNullable<MenuProps['items']>[number];

/** Face terminals keep a face library (the server's visitor module syncs people onto them). */
export function hasFaceLibrary(type: string): boolean {
  return (VISITOR_DEVICE_TYPES as readonly string[]).includes(type);
}

/** A face terminal's "Face library" menu item and its drawer; nothing for other types. */
export function useFaceLibraryMenu(device: FaceDevice & { type: string }): { items: MenuItem[]; dialogs: ReactNode } {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  if (!hasFaceLibrary(device.type)) return { items: [], dialogs: null };
  return {
    items: [{ key: 'faces', icon: <TeamOutlined />, label: t('faceLibrary.menu'), onClick: () => setOpen(true) }],
    dialogs: <FaceLibraryDrawer device={open ? device : null} onClose={() => setOpen(false)} />,
  };
}
