import { useEffect, useState } from 'react';
import { Checkbox, Form, Input, Select, Switch } from 'antd';
import { useTranslation } from 'react-i18next';
import {
  MAX_VISIT_HOURS,
  VISITOR_OPTIONAL_FIELDS,
  type VisitorConfigItem,
  type VisitorOptionalField,
} from '@siteops/contracts/visitor/schemas';
import { deviceApi } from '@siteops/contracts/device/api';
import { visitorApi } from '@siteops/contracts/visitor/api';
import { useEndpointMutation, useEndpointQuery } from '@/api/queries';
import { message } from '@/lib/feedback';
import { FormDrawer } from '@/components/form/FormDrawer';
import { WholeNumberField } from '@/components/form/WholeNumberField';

interface Values {
  requiredFields: VisitorOptionalField[];
  defaultVisitHours: number;
  autoApprove: boolean;
  notice?: string | null;
  deviceIds: number[];
}

/**
 * A project's visitor configuration, and "Publish": saved and live at once; the chosen access devices
 * become the project's visitor devices and get (or lose) its valid visitors.
 */
export function ConfigDrawer({ config, onClose }: { config: VisitorConfigItem | null; onClose: () => void }) {
  const { t } = useTranslation();
  const [form] = Form.useForm<Values>();
  const [saving, setSaving] = useState(false);
  const publish = useEndpointMutation(visitorApi.publishConfig);
  const open = config !== null;
  const projectId = config?.projectId ?? 0;
  const faces = useEndpointQuery(deviceApi.listAll, { projectId, type: 'face', pageSize: 200 }, { enabled: open });
  const towers = useEndpointQuery(
    deviceApi.listAll,
    { projectId, type: 'towerElevatorFace', pageSize: 200 },
    { enabled: open },
  );
  const deviceOptions = [...(faces.data?.list ?? []), ...(towers.data?.list ?? [])].map((d) => ({
    value: d.id,
    label: [d.devName, d.sn].filter(Boolean).join(' · '),
  }));

  useEffect(() => {
    if (!config) return;
    form.resetFields();
    form.setFieldsValue({
      requiredFields: config.requiredFields,
      defaultVisitHours: config.defaultVisitHours,
      autoApprove: config.autoApprove,
      notice: config.notice,
      deviceIds: config.deviceIds,
    });
  }, [config, form]);

  const submit = async () => {
    if (!config) return;
    const values = await form.validateFields();
    setSaving(true);
    try {
      await publish.mutateAsync({ projectId: config.projectId, ...values, notice: values.notice || null });
      message().success(t('visitorConfig.publishedOk'));
      onClose();
    } finally {
      setSaving(false);
    }
  };

  return (
    <FormDrawer
      open={open}
      title={config ? t('visitorConfig.title', { name: config.projectName }) : ''}
      size={560}
      onClose={onClose}
      onSave={submit}
      saving={saving}
      saveLabel={t('visitorConfig.publish')}
    >
      <Form form={form} layout="vertical" name="visitor-config-form">
        <Form.Item name="requiredFields" label={t('visitorConfig.requiredFields')}>
          <Checkbox.Group
            options={VISITOR_OPTIONAL_FIELDS.map((f) => ({ value: f, label: t(`visitorConfig.fields.${f}`) }))}
          />
        </Form.Item>
        <WholeNumberField
          name="defaultVisitHours"
          label={t('visitorConfig.defaultVisitHours')}
          min={1}
          max={MAX_VISIT_HOURS}
          message={t('visitorConfig.hoursRule', { max: MAX_VISIT_HOURS })}
        />
        <Form.Item name="autoApprove" label={t('visitorConfig.autoApprove')} valuePropName="checked">
          <Switch />
        </Form.Item>
        <Form.Item name="notice" label={t('visitorConfig.notice')}>
          <Input.TextArea maxLength={1000} autoSize={{ minRows: 3, maxRows: 6 }} />
        </Form.Item>
        <Form.Item name="deviceIds" label={t('visitorConfig.devices')} extra={t('visitorConfig.devicesHint')}>
          <Select
            mode="multiple"
            allowClear
            loading={faces.isFetching || towers.isFetching}
            optionFilterProp="label"
            options={deviceOptions}
          />
        </Form.Item>
      </Form>
    </FormDrawer>
  );
}
