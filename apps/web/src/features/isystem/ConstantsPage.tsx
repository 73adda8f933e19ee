import { Form, Input } from 'antd';
import type { TableColumnsType } from 'antd';
import { useTranslation } from 'react-i18next';
import { CONSTANT_VALUE_MAX_BYTES, type ConstantItem } from '@siteops/contracts/constant/schemas';
import { constantApi } from '@siteops/contracts/constant/api';
import { useEndpointMutation } from '@/api/queries';
import { listRead } from '@/components/list/listRead';
import { useListPage } from '@/components/list/useListPage';
import { ModalForm, useEditDialog } from '@/components/form/ModalForm';

import { editDeleteColumn } from '@/components/table/rowActions';
import { useListDelete } from '@/components/list/useListDelete';
import { ListLayout } from '@/components/list/ListLayout';
import { textColumn, timeColumn } from '@/components/table/columns';
import { SearchText } from '@/components/form/SearchText';

interface FormValues {
  key: string;
  value: string;
  remark?: string;
}
const FIELDS = ['key', 'value', 'remark'] as const;
const bytes = (s: string) => new TextEncoder().encode(s).length;

const LIST = { filters: ['key', 'value'] };
export const firstRead = listRead(constantApi.listAll, () => LIST);

/** /isystem/isystem-constants (admin): search, create, edit and delete the server's key/value constants. */
export function ConstantsPage() {
  const { t } = useTranslation();
  const { table } = useListPage(constantApi.listAll, LIST);
  const add = useEndpointMutation(constantApi.add);
  const update = useEndpointMutation(constantApi.update);
  const { selectable, rowDelete } = useListDelete(constantApi.delete);
  const dialog = useEditDialog<ConstantItem, FormValues>((c) => ({
    key: c.key,
    value: c.value,
    remark: c.remark ?? undefined,
  }));

  const columns: TableColumnsType<ConstantItem> = [
    { key: 'id', dataIndex: 'id', title: 'ID', sorter: true, width: 80 },
    { key: 'key', dataIndex: 'key', title: t('constants.key'), sorter: true },
    textColumn<ConstantItem>('value', t('constants.value')),
    {
      key: 'remark',
      dataIndex: 'remark',
      title: t('constants.remark'),
      render: (_: unknown, row) => row.remark ?? row.description ?? '',
    },
    timeColumn<ConstantItem>('updatedAt', t('constants.updatedAt'), { sortable: true }),
    editDeleteColumn<ConstantItem>(t, dialog.edit, rowDelete),
  ];

  const save = (values: FormValues) =>
    dialog.row
      ? update.mutateAsync({ id: dialog.row.id, ...values, remark: values.remark ?? '' })
      : add.mutateAsync(values);

  return (
    <ListLayout
      search={
        <>
          <SearchText name="key" label={t('constants.key')} />
          <SearchText name="value" label={t('constants.value')} />
        </>
      }
      table={{ tableId: 'constants', columns, ...table, ...selectable, onCreate: dialog.create }}
    >
      <ModalForm<FormValues>
        {...dialog.form}
        title={dialog.row ? t('constants.editTitle') : t('constants.createTitle')}
        fieldNames={FIELDS}
        onSubmit={save}
      >
        <Form.Item
          name="key"
          label={t('constants.key')}
          rules={[{ required: true, message: t('constants.keyRequired') }]}
        >
          <Input />
        </Form.Item>
        <Form.Item
          name="value"
          label={t('constants.value')}
          rules={[
            { required: true, message: t('constants.valueRequired') },
            {
              validator: (_, v: string | undefined) =>
                !v || bytes(v) <= CONSTANT_VALUE_MAX_BYTES
                  ? Promise.resolve()
                  : Promise.reject(new Error(t('constants.valueTooLong'))),
            },
          ]}
        >
          <Input.TextArea autoSize={{ minRows: 3, maxRows: 10 }} />
        </Form.Item>
        <Form.Item name="remark" label={t('constants.remark')}>
          <Input />
        </Form.Item>
      </ModalForm>
    </ListLayout>
  );
}
