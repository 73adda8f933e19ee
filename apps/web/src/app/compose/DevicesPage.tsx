import type { ReactNode } from 'react';
import type { DeviceItem } from '@siteops/contracts/device/schemas';
import { hasPermission } from '@/lib/permission';
import { LINK_ROLES } from '@/features/device-link/capabilities';
import { useDeviceLinkMenu } from '@/features/device-link/useDeviceLinkMenu';
import { DeviceTablePage } from '@/features/devices/table/DeviceTablePage';
import type { DeviceRowMenus, RowMenu } from '@/features/devices/table/rowMenus';
import { hasFaceLibrary, useFaceLibraryMenu } from '@/features/visitors/faces/useFaceLibraryMenu';

export { firstRead } from '@/features/devices/table/DeviceTablePage';

/** One device row's items from the other features: a face terminal's face library, then the remote commands. */
function Menus({ row, children }: { row: DeviceItem; children: (menus: RowMenu[]) => ReactNode }) {
  const faces = useFaceLibraryMenu(row);
  const link = useDeviceLinkMenu(row);
  return children([faces, link]);
}

const ROW_MENUS: DeviceRowMenus = {
  hasItems: (row, role) => hasPermission(role, LINK_ROLES) || hasFaceLibrary(row.type),
  Menus,
};

/**
 * The ten device pages: the registry's table (features/devices), whose rows' "more" menus also carry the
 * device link's remote commands (features/device-link) and a face terminal's face library
 * (features/visitors/faces). Features do not import each other; they meet here.
 */
export function DevicesPage({ routeName }: { routeName: string }) {
  return <DeviceTablePage routeName={routeName} rowMenus={ROW_MENUS} />;
}
