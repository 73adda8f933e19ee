import { useMemo } from 'react';
import { Form, Input, Select, Switch } from 'antd';
import { useTranslation } from 'react-i18next';
import { DEVICE_DIRECTIONS, type DeviceItem } from '@siteops/contracts/device/schemas';
import { DEVICE_TYPES } from '@siteops/contracts/device-protocol';
import { deviceApi } from '@siteops/contracts/device/api';
import { useEndpointMutation } from '@/api/queries';
import { ModalForm } from '@/components/form/ModalForm';
import { DeviceIdField } from '@/components/device/DeviceIdField';
import { editableFields, toEditValues, toUpdateBody, type EditValues } from './deviceEdit';

/** Edit one device. An agent sees (and may send) only the fields the server lets it change. */
export function DeviceEditModal({
  row,
  isAdmin,
  onClose,
}: {
  row: DeviceItem | null;
  isAdmin: boolean;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const update = useEndpointMutation(deviceApi.update);
  const fields = editableFields(isAdmin);
  const shown = new Set<string>(fields);
  const initial = useMemo(() => (row ? toEditValues(row) : undefined), [row]);
  const text = (name: keyof EditValues) =>
    shown.has(name) && (
      <Form.Item name={name} label={t(`devices.field.${name}`)}>
        <Input allowClear />
      </Form.Item>
    );
  /** A secret the server never answers: left empty, the stored one is kept (`isSet` says there is one). */
  const password = (name: 'terminalPassword' | 'hj212Pw', isSet: boolean | undefined) =>
    shown.has(name) && (
      <Form.Item name={name} label={t(`devices.field.${name}`)} extra={isSet ? t('devices.passwordKeep') : undefined}>
        <Input.Password autoComplete="new-password" />
      </Form.Item>
    );

  return (
    <ModalForm<EditValues>
      open={row !== null}
      title={t('devices.editTitle')}
      initialValues={initial}
      fieldNames={fields}
      onSubmit={(values) => update.mutateAsync(toUpdateBody(row!.id, values, fields))}
      onClose={onClose}
    >
      {shown.has('type') && (
        <Form.Item name="type" label={t('devices.field.type')} rules={[{ required: true }]}>
          <Select options={DEVICE_TYPES.map((v) => ({ value: v, label: t(`devices.type.${v}`) }))} />
        </Form.Item>
      )}
      {shown.has('sn') && <DeviceIdField name="sn" />}
      {shown.has('mac') && <DeviceIdField name="mac" />}
      {text('devName')}
      {text('factoryName')}
      {text('ip')}
      {text('installSite')}
      {shown.has('direction') && (
        <Form.Item name="direction" label={t('devices.field.direction')}>
          <Select options={DEVICE_DIRECTIONS.map((v) => ({ value: v, label: t(`devices.direction.${v}`) }))} />
        </Form.Item>
      )}
      {text('frpcVer')}
      {text('devVer')}
      {text('version')}
      {text('remoteAccount')}
      {password('terminalPassword', row?.hasTerminalPassword)}
      {text('hj212Mn')}
      {password('hj212Pw', row?.hasHj212Pw)}
      {shown.has('allow') && (
        <Form.Item name="allow" label={t('devices.field.allow')} valuePropName="checked">
          <Switch />
        </Form.Item>
      )}
      {shown.has('anyAccess') && (
        <Form.Item name="anyAccess" label={t('devices.field.anyAccess')} valuePropName="checked">
          <Switch />
        </Form.Item>
      )}
      {shown.has('remark') && (
        <Form.Item name="remark" label={t('devices.field.remark')}>
          <Input.TextArea autoSize={{ minRows: 2, maxRows: 6 }} maxLength={512} />
        </Form.Item>
      )}
    </ModalForm>
  );
}
