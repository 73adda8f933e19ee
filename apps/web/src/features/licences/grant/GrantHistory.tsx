import { Form, Input, Tag } from 'antd';
import type { TableColumnsType } from 'antd';
import { useTranslation } from 'react-i18next';
import type { GrantItem } from '@siteops/contracts/licence/schemas';
import { deviceApi } from '@siteops/contracts/device/api';
import { QueryForm } from '@/components/form/QueryForm';
import { useListPage } from '@/components/list/useListPage';
import { DataTable } from '@/components/table/DataTable';
import { textColumn, timeColumn, valueColumn } from '@/components/table/columns';

const FILTERS = ['sn'] as const;

/**
 * The licence grant history below the grant form, newest first. Its serial-number search and paging
 * live in the URL like every list's; the search has no label, so the form's own serial-number field
 * stays the one the label names.
 */
export function GrantHistory() {
  const { t } = useTranslation();
  const { table } = useListPage(deviceApi.grants, { filters: FILTERS, defaultPageSize: 10 });
  const columns: TableColumnsType<GrantItem> = [
    timeColumn<GrantItem>('issuedAt', t('devices.grant.issuedAt')),
    { key: 'issuedByName', dataIndex: 'issuedByName', title: t('devices.grant.issuedBy') },
    { key: 'sn', dataIndex: 'sn', title: t('devices.field.sn') },
    { key: 'mac', dataIndex: 'mac', title: t('devices.field.mac') },
    valueColumn('platforms', t('devices.grant.platforms'), (v) => v.map((p) => <Tag key={p}>{p}</Tag>)),
    timeColumn<GrantItem>('expiresAt', t('devices.grant.expiresAt')),
    textColumn<GrantItem>('attachInfo', t('devices.grant.attachInfo'), 240),
  ];
  return (
    <>
      <QueryForm names={FILTERS}>
        <Form.Item name="sn">
          <Input allowClear placeholder={t('devices.field.sn')} aria-label={t('devices.grant.historySearch')} />
        </Form.Item>
      </QueryForm>
      <DataTable<GrantItem> tableId="licence-grants" rowKey="licenceId" columns={columns} {...table} />
    </>
  );
}
