import { useState, type Key } from 'react';
import { Button, Card, Flex, Popconfirm, Space, Typography } from 'antd';
import type { TableColumnsType } from 'antd';
import {
  ApartmentOutlined,
  CheckCircleOutlined,
  DownloadOutlined,
  StopOutlined,
  TeamOutlined,
  UploadOutlined,
} from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import type { DeviceItem, DeviceListQuery } from '@siteops/contracts/device';
import { deviceApi } from '@siteops/contracts/api/device';
import { useDownload, useEndpointMutation, useEndpointQuery } from '../../../api/endpoint';
import { DataTable } from '../../../components/table/DataTable';
import { useListParams } from '../../../components/table/useListParams';
import { usePermission } from '../../../hooks/usePermission';
import { message } from '../../../lib/feedback';
import { showsDirection, showsReadings, showsRemoteAccount, TYPE_OF_ROUTE } from '../deviceTypes';
import { sheetLang } from '../sheetLang';
import { ImportDialog } from '../import/ImportDialog';
import { DeviceLinkActions } from '../link/DeviceLinkActions';
import { LatestReadings } from '../link/LatestReadings';
import type { LiveDeviceRow } from '../link/liveCache';
import { useDeviceLiveUpdates } from '../link/useDeviceLiveUpdates';
import { BatchDivideModal } from './BatchDivideModal';
import { DeviceDetailDrawer } from './DeviceDetailDrawer';
import { DeviceEditModal } from './DeviceEditModal';
import { DeviceQueryForm } from './DeviceQueryForm';
import { filterKey, filtersFromParams } from './deviceFilters';
import { AuthStatusTag, OnlineStatusBadge, formatInstant } from './deviceFormat';

/**
 * The one device table behind all ten device routes: `device-list` shows every type (with a type
 * column and filter), the others one type fixed by the route and the columns that matter for it.
 * Admin and agent only; the server scopes the rows (an agent sees its own) and checks every action,
 * the page only hides what the role cannot do.
 */
export function DeviceTablePage({ routeName }: { routeName: string }) {
  const { t, i18n } = useTranslation();
  const fixedType = TYPE_OF_ROUTE[routeName];
  const isAdmin = usePermission(['admin']);
  const [search] = useSearchParams();
  const filters = filtersFromParams(search, fixedType);
  const [params, setParams] = useListParams(filterKey(filters));
  const query = useEndpointQuery(deviceApi.listAll, { ...params, ...filters } as never);
  // Presence and readings of the rows on screen, pushed by the server, patch the cached lists in place.
  useDeviceLiveUpdates(query.data?.list.map((d) => d.id) ?? []);

  const remove = useEndpointMutation(deviceApi.delete);
  const authorize = useEndpointMutation(deviceApi.authorize);
  const divideAgent = useEndpointMutation(deviceApi.divideAgent);
  const divideProject = useEndpointMutation(deviceApi.divideProject);
  const exporter = useDownload(deviceApi.export, `devices-${new Date().toISOString().slice(0, 10)}.xlsx`);

  const [selected, setSelected] = useState<Key[]>([]);
  const [viewing, setViewing] = useState<DeviceItem | null>(null);
  const [editing, setEditing] = useState<DeviceItem | null>(null);
  const [dividing, setDividing] = useState<'agent' | 'project' | null>(null);
  const [importing, setImporting] = useState(false);
  const ids = selected.map(Number);

  const changed = (n: number) => message().success(t('devices.batch.changed', { n }));

  const setAuth = async (targets: number[], authStatus: 'authorize' | 'forbidden') => {
    const answer = await authorize.mutateAsync({ ids: targets, authStatus });
    changed(answer.changed);
  };

  const removeOne = async (id: number) => {
    await remove.mutateAsync({ ids: [id] });
    setSelected((keys) => keys.filter((k) => Number(k) !== id));
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

  const columns: TableColumnsType<DeviceItem> = [
    { key: 'devName', dataIndex: 'devName', title: t('devices.field.devName'), sorter: true },
    ...(fixedType === undefined
      ? [
          {
            key: 'type',
            dataIndex: 'type',
            title: t('devices.field.type'),
            sorter: true,
            render: (v: string) => t(`devices.type.${v}`, v),
          },
        ]
      : []),
    { key: 'sn', dataIndex: 'sn', title: t('devices.field.sn'), sorter: true },
    { key: 'mac', dataIndex: 'mac', title: t('devices.field.mac'), sorter: true },
    { key: 'ip', dataIndex: 'ip', title: t('devices.field.ip'), sorter: true },
    ...(isAdmin ? [{ key: 'agentName', dataIndex: 'agentName', title: t('devices.field.agent') }] : []),
    { key: 'projectName', dataIndex: 'projectName', title: t('devices.field.project') },
    { key: 'installSite', dataIndex: 'installSite', title: t('devices.field.installSite') },
    ...(showsDirection(fixedType)
      ? [
          {
            key: 'direction',
            dataIndex: 'direction',
            title: t('devices.field.direction'),
            render: (v: string) => t(`devices.direction.${v}`, v),
          },
        ]
      : []),
    {
      key: 'authStatus',
      dataIndex: 'authStatus',
      title: t('devices.field.authStatus'),
      sorter: true,
      render: (v: string) => <AuthStatusTag value={v} t={t} />,
    },
    {
      key: 'onlineStatus',
      dataIndex: 'onlineStatus',
      title: t('devices.field.onlineStatus'),
      sorter: true,
      render: (v: string) => <OnlineStatusBadge value={v} t={t} />,
    },
    ...(showsReadings(fixedType)
      ? [
          {
            key: 'latest',
            title: t('devices.field.latest'),
            render: (_: unknown, row: LiveDeviceRow) => (
              <LatestReadings type={row.type} latest={row.latest} at={row.latestAt} />
            ),
          },
        ]
      : []),
    { key: 'factoryName', dataIndex: 'factoryName', title: t('devices.field.factoryName'), sorter: true },
    { key: 'version', dataIndex: 'version', title: t('devices.field.version'), sorter: true },
    { key: 'devVer', dataIndex: 'devVer', title: t('devices.field.devVer') },
    { key: 'frpcVer', dataIndex: 'frpcVer', title: t('devices.field.frpcVer') },
    ...(showsRemoteAccount(fixedType)
      ? [{ key: 'remoteAccount', dataIndex: 'remoteAccount', title: t('devices.field.remoteAccount') }]
      : []),
    {
      key: 'additionDatetime',
      dataIndex: 'additionDatetime',
      title: t('devices.field.additionDatetime'),
      sorter: true,
      render: formatInstant,
    },
    {
      key: 'heartbeatDatetime',
      dataIndex: 'heartbeatDatetime',
      title: t('devices.field.heartbeatDatetime'),
      sorter: true,
      render: formatInstant,
    },
    {
      key: 'remark',
      dataIndex: 'remark',
      title: t('devices.field.remark'),
      render: (v: string | null) => (
        <Typography.Text ellipsis={{ tooltip: v }} style={{ maxWidth: 200 }}>
          {v}
        </Typography.Text>
      ),
    },
    {
      key: 'actions',
      title: t('common.actions'),
      fixed: 'right',
      render: (_: unknown, row) => (
        <Space size={0} wrap>
          <Button type="link" size="small" onClick={() => setViewing(row)}>
            {t('devices.view')}
          </Button>
          <Button type="link" size="small" onClick={() => setEditing(row)}>
            {t('common.edit')}
          </Button>
          {row.authStatus === 'authorize' ? (
            <Popconfirm
              title={t('devices.forbidConfirm')}
              okText={t('common.ok')}
              cancelText={t('common.cancel')}
              onConfirm={() => setAuth([row.id], 'forbidden').catch(() => undefined)}
            >
              <Button type="link" size="small" danger>
                {t('devices.forbid')}
              </Button>
            </Popconfirm>
          ) : (
            <Button type="link" size="small" onClick={() => void setAuth([row.id], 'authorize').catch(() => undefined)}>
              {t('devices.authorize')}
            </Button>
          )}
          {isAdmin && (
            <Popconfirm
              title={t('common.deleteConfirm')}
              okText={t('common.ok')}
              cancelText={t('common.cancel')}
              onConfirm={() => removeOne(row.id).catch(() => undefined)}
            >
              <Button type="link" size="small" danger>
                {t('common.delete')}
              </Button>
            </Popconfirm>
          )}
          <DeviceLinkActions device={row} />
        </Space>
      ),
    },
  ];

  const none = selected.length === 0;
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
          list={query.data?.list}
          total={query.data?.total ?? 0}
          loading={query.isFetching}
          params={params}
          onParamsChange={setParams}
          onRefresh={() => void query.refetch()}
          selectedKeys={selected}
          onSelectedKeysChange={setSelected}
          toolbar={
            <>
              <Popconfirm
                title={t('devices.batch.authorizeConfirm', { n: selected.length })}
                okText={t('common.ok')}
                cancelText={t('common.cancel')}
                disabled={none}
                onConfirm={() => setAuth(ids, 'authorize').catch(() => undefined)}
              >
                <Button icon={<CheckCircleOutlined />} disabled={none}>
                  {t('devices.batch.authorize')}
                </Button>
              </Popconfirm>
              <Popconfirm
                title={t('devices.batch.forbidConfirm', { n: selected.length })}
                okText={t('common.ok')}
                cancelText={t('common.cancel')}
                disabled={none}
                onConfirm={() => setAuth(ids, 'forbidden').catch(() => undefined)}
              >
                <Button icon={<StopOutlined />} disabled={none}>
                  {t('devices.batch.forbid')}
                </Button>
              </Popconfirm>
              {isAdmin && (
                <Button icon={<TeamOutlined />} disabled={none} onClick={() => setDividing('agent')}>
                  {t('devices.batch.divideAgent')}
                </Button>
              )}
              <Button icon={<ApartmentOutlined />} disabled={none} onClick={() => setDividing('project')}>
                {t('devices.batch.divideProject')}
              </Button>
              <Button icon={<UploadOutlined />} onClick={() => setImporting(true)}>
                {t('devices.import.open')}
              </Button>
              <Button
                icon={<DownloadOutlined />}
                loading={exporter.isPending}
                onClick={() => exporter.mutate({ ...filters, ...sortOf(params), lang: sheetLang(i18n.language) })}
              >
                {t('devices.export')}
              </Button>
            </>
          }
        />
      </Card>
      <DeviceDetailDrawer row={viewing} onClose={() => setViewing(null)} />
      <DeviceEditModal row={editing} isAdmin={isAdmin} onClose={() => setEditing(null)} />
      <BatchDivideModal
        kind={dividing}
        count={selected.length}
        saving={divideAgent.isPending || divideProject.isPending}
        onSubmit={(ownerId) => void divide(ownerId).catch(() => undefined)}
        onClose={() => setDividing(null)}
      />
      <ImportDialog open={importing} onClose={() => setImporting(false)} />
    </Flex>
  );
}

/** The table's sort, for the export (its fields come from columns whose keys are DEVICE_SORT_FIELDS). */
const sortOf = (p: {
  sortField?: string;
  sortOrder?: 'asc' | 'desc';
}): Pick<DeviceListQuery, 'sortField' | 'sortOrder'> =>
  p.sortField ? { sortField: p.sortField as DeviceListQuery['sortField'], sortOrder: p.sortOrder } : {};
