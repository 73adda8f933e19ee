import { useState } from 'react';
import { Button, Card, Form, Popconfirm, Select, Tag } from 'antd';
import type { TableColumnsType } from 'antd';
import { DeleteOutlined, UploadOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { DEVICE_DIRECTIONS } from '@siteops/contracts/device';
import type { VisitorDeviceItem } from '@siteops/contracts/visitorDevice';
import { projectApi } from '@siteops/contracts/api/project';
import { visitorApi } from '@siteops/contracts/api/visitor';
import { useEndpointQuery } from '@/api/queries';
import { afterReport } from '@/api/reported';
import { DataTable } from '@/components/table/DataTable';
import { listRead } from '@/components/list/listRead';
import { useListPage } from '@/components/list/useListPage';

import { time } from '@/features/visitors/visitorView';
import { RowDeleteButton } from '@/components/table/RowDeleteButton';
import { DeviceImportDialog } from './DeviceImportDialog';
import { DeviceInfoModal } from './DeviceInfoModal';
import { actionsColumn, RowActions, RowAction } from '@/components/table/rowActions';
import { useListDelete } from '@/components/list/useListDelete';
import { ListLayout } from '@/components/list/ListLayout';
import { SearchText } from '@/components/form/SearchText';

const FILTERS = ['keyword', 'projectId', 'direction'] as const;

const LIST = { filters: FILTERS };
export const firstRead = listRead(visitorApi.listDevices, () => LIST);

/**
 * /visitor/device-authorize (admin, manager): the access devices visitors may pass, in the caller's
 * scope, with direction, install site and when they were put on the list; search, refresh, an info
 * modal, the xlsx import of the list with its row errors, and taking devices off it.
 */
export function VisitorDevicesPage() {
  const { t } = useTranslation();
  const { table } = useListPage(visitorApi.listDevices, LIST);
  const projects = useEndpointQuery(projectApi.listAll, { pageSize: 200, sortField: 'name', sortOrder: 'asc' });
  const { selected, selection, removeIds } = useListDelete(visitorApi.removeDevices);
  const [viewing, setViewing] = useState<VisitorDeviceItem | null>(null);
  const [importing, setImporting] = useState(false);

  const columns: TableColumnsType<VisitorDeviceItem> = [
    { key: 'devName', dataIndex: 'devName', title: t('visitorDevices.devName'), sorter: true },
    { key: 'sn', dataIndex: 'sn', title: t('visitorDevices.sn'), sorter: true },
    { key: 'mac', dataIndex: 'mac', title: t('visitorDevices.mac') },
    {
      key: 'type',
      dataIndex: 'type',
      title: t('visitorDevices.type'),
      render: (v: VisitorDeviceItem['type']) => t(`visitorDevices.types.${v}`),
    },
    {
      key: 'direction',
      dataIndex: 'direction',
      title: t('visitorDevices.direction'),
      render: (v: VisitorDeviceItem['direction']) => <Tag>{t(`visitorDevices.directions.${v}`)}</Tag>,
    },
    {
      key: 'installSite',
      dataIndex: 'installSite',
      title: t('visitorDevices.installSite'),
      ellipsis: true,
      sorter: true,
    },
    { key: 'project', dataIndex: 'projectName', title: t('visitorDevices.project') },
    {
      key: 'persons',
      dataIndex: 'persons',
      title: t('visitorDevices.persons'),
      render: (n: number, row) => (row.pending ? t('visitorDevices.personsPending', { n, pending: row.pending }) : n),
    },
    {
      key: 'createdAt',
      dataIndex: 'createdAt',
      title: t('visitorDevices.createdAt'),
      sorter: true,
      render: (v: string) => time(v),
    },
    actionsColumn<VisitorDeviceItem>(t, (row) => (
      <RowActions>
        <RowAction onClick={() => setViewing(row)}>{t('visitors.view')}</RowAction>
        <RowDeleteButton onConfirm={() => afterReport(removeIds([row.id]))} label={t('visitorDevices.remove')} />
      </RowActions>
    )),
  ];

  return (
    <ListLayout
      filters={FILTERS}
      search={
        <>
          <SearchText
            name="keyword"
            label={t('visitorDevices.keyword')}
            placeholder={t('visitorDevices.keywordPlaceholder')}
          />
          <Form.Item name="projectId" label={t('visitorDevices.project')}>
            <Select
              allowClear
              showSearch={{ optionFilterProp: 'label' }}
              style={{ minWidth: 180 }}
              loading={projects.isLoading}
              options={(projects.data?.list ?? []).map((p) => ({ value: String(p.id), label: p.name }))}
            />
          </Form.Item>
          <Form.Item name="direction" label={t('visitorDevices.direction')}>
            <Select
              allowClear
              style={{ minWidth: 120 }}
              options={DEVICE_DIRECTIONS.map((d) => ({ value: d, label: t(`visitorDevices.directions.${d}`) }))}
            />
          </Form.Item>
        </>
      }
    >
      <Card>
        <DataTable<VisitorDeviceItem>
          tableId="visitor-devices"
          rowKey="id"
          columns={columns}
          {...table}
          {...selection}
          toolbar={
            <>
              <Button type="primary" icon={<UploadOutlined />} onClick={() => setImporting(true)}>
                {t('visitorDevices.import')}
              </Button>
              <Popconfirm
                title={t('common.deleteConfirm')}
                okText={t('common.ok')}
                cancelText={t('common.cancel')}
                disabled={selected.length === 0}
                onConfirm={() => afterReport(removeIds(selected.map(Number)))}
              >
                <Button danger icon={<DeleteOutlined />} disabled={selected.length === 0}>
                  {t('visitorDevices.batchRemove')}
                </Button>
              </Popconfirm>
            </>
          }
        />
      </Card>
      <DeviceInfoModal device={viewing} onClose={() => setViewing(null)} />
      <DeviceImportDialog open={importing} onClose={() => setImporting(false)} />
    </ListLayout>
  );
}
