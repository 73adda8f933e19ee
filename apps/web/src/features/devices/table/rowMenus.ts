import type { ComponentType, ReactNode } from 'react';
import type { MenuProps } from 'antd';
import type { DeviceItem } from '@siteops/contracts/device/schemas';
import type { Role } from '@siteops/contracts/shared/roles';

export type MenuItem = NonNullable<MenuProps['items']>[number];

/** Items another feature adds to a device row's "more" menu, and the dialogs they open. */
export interface RowMenu {
  items: MenuItem[];
  dialogs: ReactNode;
}

/**
 * What other features add to a device row's "more" menu: the device link's remote commands and a face
 * terminal's face library (visitors). The app puts them together (app/compose/DevicesPage.tsx), so the
 * registry imports no other feature.
 */
export interface DeviceRowMenus {
  /** Whether a row gets any of these items, known without mounting the menu (the "more" button shows only then). */
  hasItems: (row: DeviceItem, role: Role | undefined) => boolean;
  /** Mounts one row's menus (their hooks, once the menu mounts) and hands their items and dialogs to `children`. */
  Menus: ComponentType<{ row: DeviceItem; children: (menus: RowMenu[]) => ReactNode }>;
}
