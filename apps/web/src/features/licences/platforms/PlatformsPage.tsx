import { DatePicker, Form, Input, Space, Tag } from 'antd';
import type { TableColumnsType } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useTranslation } from 'react-i18next';
import type { PlatformItem } from '@siteops/contracts/device/schemas';
import { platformApi } from '@siteops/contracts/platform/api';
import { useEndpointMutation } from '@/api/queries';
import { listRead } from '@/components/list/listRead';
import { useListPage } from '@/components/list/useListPage';
import { ModalForm, useEditDialog } from '@/components/form/ModalForm';

import { editDeleteColumn } from '@/components/table/rowActions';
import { useListDelete } from '@/components/list/useListDelete';
import { ListLayout } from '@/components/list/ListLayout';
import { textColumn, timeColumn } from '@/components/table/columns';
import { SearchText } from '@/components/form/SearchText';
import { requiredText } from '@/components/form/rules';

interface FormValues {
  platformName: string;
  expirationDate: Dayjs;
  attachInfo?: string;
}
const FIELDS = ['platformName', 'expirationDate', 'attachInfo'] as const;

const LIST = { filters: ['platformName'] };
export const firstRead = listRead(platformApi.listAll, () => LIST);

/** /device/auth-platform (admin): the platforms a licence can grant; a past expiration date shows as expired. */
export function PlatformsPage() {
  const { t } = useTranslation();
  const { table } = useListPage(platformApi.listAll, LIST);
  const add = useEndpointMutation(platformApi.add);
  const update = useEndpointMutation(platformApi.update);
  const { selectable, rowDelete } = useListDelete(platformApi.delete);
  const dialog = useEditDialog<PlatformItem, FormValues>((p) => ({
    platformName: p.platformName,
    expirationDate: dayjs(p.expirationDate),
    attachInfo: p.attachInfo ?? undefined,
  }));

  const columns: TableColumnsType<PlatformItem> = [
    { key: 'id', dataIndex: 'id', title: 'ID', sorter: true, width: 80 },
    { key: 'platformName', dataIndex: 'platformName', title: t('devices.platform.name'), sorter: true },
    {
      key: 'expirationDate',
      dataIndex: 'expirationDate',
      title: t('devices.platform.expirationDate'),
      sorter: true,
      render: (v: string, row) => (
        <Space>
          {v}
          {row.expired ? (
            <Tag color="error">{t('devices.platform.expired')}</Tag>
          ) : (
            <Tag color="success">{t('devices.platform.valid')}</Tag>
          )}
        </Space>
      ),
    },
    textColumn<PlatformItem>('attachInfo', t('devices.platform.attachInfo')),
    timeColumn<PlatformItem>('updatedAt', t('devices.platform.updatedAt'), { sortable: true }),
    editDeleteColumn<PlatformItem>(t, dialog.edit, rowDelete),
  ];

  const save = (values: FormValues) => {
    const body = {
      platformName: values.platformName,
      expirationDate: values.expirationDate.format('YYYY-MM-DD'),
      attachInfo: values.attachInfo ?? '',
    };
    return dialog.row ? update.mutateAsync({ id: dialog.row.id, ...body }) : add.mutateAsync(body);
  };

  return (
    <ListLayout
      search={<SearchText name="platformName" label={t('devices.platform.name')} />}
      table={{ tableId: 'platforms', columns, ...table, ...selectable, onCreate: dialog.create }}
    >
      <ModalForm<FormValues>
        {...dialog.form}
        title={dialog.row ? t('devices.platform.editTitle') : t('devices.platform.createTitle')}
        fieldNames={FIELDS}
        onSubmit={save}
      >
        <Form.Item
          name="platformName"
          label={t('devices.platform.name')}
          rules={[
            requiredText(t('devices.platform.nameRequired')),
            { max: 128, message: t('devices.platform.nameTooLong') },
          ]}
        >
          <Input />
        </Form.Item>
        <Form.Item
          name="expirationDate"
          label={t('devices.platform.expirationDate')}
          rules={[{ required: true, message: t('devices.platform.dateRequired') }]}
        >
          <DatePicker style={{ width: '100%' }} />
        </Form.Item>
        <Form.Item name="attachInfo" label={t('devices.platform.attachInfo')} rules={[{ max: 1024 }]}>
          <Input.TextArea autoSize={{ minRows: 3, maxRows: 8 }} />
        </Form.Item>
      </ModalForm>
    </ListLayout>
  );
}
