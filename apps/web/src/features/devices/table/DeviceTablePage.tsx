import { useState } from 'react';
import { Card, Flex } from 'antd';
import { useTranslation } from 'react-i18next';
import type { DeviceItem, DeviceListQuery } from '@siteops/contracts/device/schemas';
import { deviceApi } from '@siteops/contracts/device/api';
import { useDownload, useEndpointMutation } from '@/api/queries';
import { afterReport } from '@/api/reported';
import { listRead, type ListPageOptions } from '@/components/list/listRead';
import { useListPage } from '@/components/list/useListPage';
import { DataTable } from '@/components/table/DataTable';
import { useRowSelection } from '@/components/table/useRowSelection';
import { usePermission } from '@/hooks/usePermission';
import { message } from '@/lib/feedback';
import { TYPE_OF_ROUTE } from '@/features/devices/deviceTypes';
import { sheetLang } from '@/lib/sheetLang';
import { ImportDialog } from '@/features/devices/import/ImportDialog';
import { useDeviceLiveUpdates } from '@/hooks/useDeviceLiveUpdates';
import { BatchDivideModal } from './BatchDivideModal';
import { DeviceBatchToolbar } from './DeviceBatchToolbar';
import { DeviceDetailDrawer } from './DeviceDetailDrawer';
import { DeviceEditModal } from './DeviceEditModal';
import { DeviceQueryForm } from './DeviceQueryForm';
import { DeviceRowActions } from './DeviceRowActions';
import type { DeviceRowMenus } from './rowMenus';
import { useDialWait } from './dialWait';
import { deviceColumns } from './deviceColumns';
import { FILTER_NAMES, filtersFromParams } from './deviceFilters';

const ADMIN_ONLY = ['admin'] as const;

/** The route fixes the type (all types on `device-list`); a hand-edited bad value drops that filter instead of earning a 400. */
const listOptions = (routeName: string): ListPageOptions => ({
  filters: FILTER_NAMES,
  toInput: (filters) => filtersFromParams(new URLSearchParams(filters), TYPE_OF_ROUTE[routeName]),
});
export const firstRead = listRead(deviceApi.listAll, listOptions);

/**
 * The one device table behind all ten device routes: `device-list` shows every type (with a type
 * column and filter), the others one type fixed by the route and the columns that matter for it.
 * Admin and agent only; the server scopes the rows (an agent sees its own) and checks every action,
 * the page only hides what the role cannot do. Other features add to each row's "more" menu through
 * `rowMenus`, which the app composes (app/compose/DevicesPage.tsx).
 */
export function DeviceTablePage({ routeName, rowMenus }: { routeName: string; rowMenus: DeviceRowMenus }) {
  const { t, i18n } = useTranslation();
  const fixedType = TYPE_OF_ROUTE[routeName];
  const isAdmin = usePermission(ADMIN_ONLY);
  const { table, input } = useListPage(deviceApi.listAll, listOptions(routeName));
  // Presence and readings of the rows on screen, pushed by the server, patch the cached lists in place.
  useDeviceLiveUpdates(table.list?.map((d) => d.id) ?? []);

  const remove = useEndpointMutation(deviceApi.delete);
  const authorize = useEndpointMutation(deviceApi.authorize);
  const divideAgent = useEndpointMutation(deviceApi.divideAgent);
  const divideProject = useEndpointMutation(deviceApi.divideProject);
  const exporter = useDownload(deviceApi.export, `devices-${new Date().toISOString().slice(0, 10)}.xlsx`);

  const { selected, setSelected, ids, deselect, selection } = useRowSelection();
  const [viewing, setViewing] = useState<DeviceItem | null>(null);
  const [editing, setEditing] = useState<DeviceItem | null>(null);
  const [dividing, setDividing] = useState<'agent' | 'project' | null>(null);
  const [importing, setImporting] = useState(false);

  const changed = (n: number) => message().success(t('devices.batch.changed', { n }));

  const setAuth = async (targets: number[], authStatus: 'authorize' | 'forbidden') => {
    const answer = await authorize.mutateAsync({ ids: targets, authStatus });
    // Authorised: shown as waiting for the device to dial in again until it links.
    if (authStatus === 'authorize') useDialWait.getState().authorised(targets);
    else useDialWait.getState().done(targets);
    changed(answer.changed);
  };

  const removeOne = async (id: number) => {
    await remove.mutateAsync({ ids: [id] });
    deselect([id]);
    message().success(t('common.deleteSuccess'));
  };

  const divide = async (ownerId: number) => {
    const answer =
      dividing === 'agent'
        ? await divideAgent.mutateAsync({ ids, agentId: ownerId })
        : await divideProject.mutateAsync({ ids, projectId: ownerId });
    changed(answer.changed);
    setDividing(null);
    setSelected([]);
  };

  // The export is the list's own query (filters and sort), without its paging.
  const exportList = () => {
    const { page: _page, pageSize: _size, ...query } = input as DeviceListQuery;
    exporter.mutate({ ...query, lang: sheetLang(i18n.language) });
  };

  const columns = deviceColumns({
    t,
    fixedType,
    isAdmin,
    actions: (row) => (
      <DeviceRowActions
        row={row}
        isAdmin={isAdmin}
        onView={() => setViewing(row)}
        onEdit={() => setEditing(row)}
        onSetAuth={(authStatus) => setAuth([row.id], authStatus)}
        onRemove={() => removeOne(row.id)}
        rowMenus={rowMenus}
      />
    ),
  });

  return (
    <Flex vertical gap={16}>
      <Card>
        <DeviceQueryForm fixedType={fixedType} canFilterAgent={isAdmin} />
      </Card>
      <Card>
        <DataTable<DeviceItem>
          tableId={`devices:${routeName}`}
          rowKey="id"
          columns={columns}
          {...table}
          {...selection}
          toolbar={
            <DeviceBatchToolbar
              count={selected.length}
              isAdmin={isAdmin}
              exporting={exporter.isPending}
              onSetAuth={(authStatus) => setAuth(ids, authStatus)}
              onDivide={setDividing}
              onImport={() => setImporting(true)}
              onExport={exportList}
            />
          }
        />
      </Card>
      <DeviceDetailDrawer row={viewing} onClose={() => setViewing(null)} />
      <DeviceEditModal row={editing} isAdmin={isAdmin} onClose={() => setEditing(null)} />
      <BatchDivideModal
        kind={dividing}
        count={selected.length}
        saving={divideAgent.isPending || divideProject.isPending}
        onSubmit={(ownerId) => void afterReport(divide(ownerId))}
        onClose={() => setDividing(null)}
      />
      <ImportDialog open={importing} onClose={() => setImporting(false)} />
    </Flex>
  );
}
