import { Button, Card, DatePicker, Flex, Form, Input, Select } from 'antd';
import { SafetyCertificateOutlined } from '@ant-design/icons';
import { DAY_FORMAT } from '@/lib/time';
import dayjs, { type Dayjs } from 'dayjs';
import { useTranslation } from 'react-i18next';
import { DEVICE_TYPES } from '@siteops/contracts/device-protocol';
import { deviceApi } from '@siteops/contracts/device/api';
import { platformApi } from '@siteops/contracts/platform/api';
import { useEndpointMutation, useEndpointQuery } from '@/api/queries';
import { afterReport } from '@/api/reported';
import { fieldErrorsOf } from '@/components/form/formKit';
import { message } from '@/lib/feedback';
import { saveFile } from '@/lib/saveFile';
import { DeviceIdField } from '@/components/device/DeviceIdField';
import { GrantHistory } from './GrantHistory';
import { expiryProblem, latestPlatformExpiry } from './grantRules';

interface GrantValues {
  mac: string;
  sn: string;
  platformIds?: number[];
  expiresAt: Dayjs;
  attachInfo?: string;
  type?: string;
}
const FIELDS = ['mac', 'sn', 'platformIds', 'expiresAt', 'attachInfo', 'type'] as const;
/** Enough for every platform in one picker (the server's page maximum). */
const ALL_PLATFORMS = { page: 1, pageSize: 200, sortField: 'platformName', sortOrder: 'asc' } as const;

/**
 * /device/grant-auth (admin): issue a signed licence for a device (spec 2's form). Submitting
 * downloads `<sn>.lic`, the only copy of its device secret; the grant history is listed below.
 */
export function GrantAuthPage() {
  const { t } = useTranslation();
  const [form] = Form.useForm<GrantValues>();
  const platforms = useEndpointQuery(platformApi.listAll, ALL_PLATFORMS);
  const grant = useEndpointMutation(deviceApi.grant);
  const chosen = Form.useWatch('platformIds', form) ?? [];
  const list = platforms.data?.list ?? [];
  const latest = latestPlatformExpiry(chosen, list);
  const today = dayjs().format(DAY_FORMAT);

  const submit = async (values: GrantValues) => {
    try {
      const answer = await grant.mutateAsync({
        mac: values.mac,
        sn: values.sn,
        platformIds: values.platformIds ?? [],
        expiresAt: values.expiresAt.format(DAY_FORMAT),
        attachInfo: values.attachInfo ?? '',
        ...(values.type ? { type: values.type as (typeof DEVICE_TYPES)[number] } : {}),
      });
      saveFile(new Blob([answer.content], { type: 'application/json' }), answer.fileName);
      message().success(t('devices.grant.done', { file: answer.fileName }));
    } catch (error) {
      form.setFields(fieldErrorsOf(error, FIELDS) as never);
    }
  };

  return (
    <Flex vertical gap={16}>
      <Card title={t('devices.grant.title')}>
        <Form<GrantValues>
          form={form}
          layout="horizontal"
          labelCol={{ flex: '160px' }}
          style={{ maxWidth: 720 }}
          onFinish={(v) => void submit(v)}
        >
          <DeviceIdField name="mac" blankIsMissing />
          <DeviceIdField name="sn" blankIsMissing />
          <Form.Item name="platformIds" label={t('devices.grant.platforms')}>
            <Select
              mode="multiple"
              allowClear
              loading={platforms.isFetching}
              showSearch={{ optionFilterProp: 'label' }}
              options={list.map((p) => ({
                value: p.id,
                label: p.expired
                  ? `${p.platformName} (${t('devices.platform.expired')})`
                  : `${p.platformName} (${p.expirationDate})`,
                disabled: p.expired,
              }))}
              onChange={() => {
                if (form.getFieldValue('expiresAt')) void afterReport(form.validateFields(['expiresAt']));
              }}
            />
          </Form.Item>
          <Form.Item
            name="expiresAt"
            label={t('devices.grant.expiresAt')}
            extra={latest ? t('devices.grant.latestHint', { date: latest }) : undefined}
            rules={[
              { required: true, message: t('devices.grant.expiresRequired') },
              {
                // Reads the platforms from the form, not the render: it also runs right after they change.
                validator: (_, v: Dayjs | undefined) => {
                  const bound = latestPlatformExpiry(form.getFieldValue('platformIds') ?? [], list);
                  const problem = v ? expiryProblem(v.format(DAY_FORMAT), today, bound) : null;
                  return problem
                    ? Promise.reject(new Error(t(`devices.grant.${problem}`, { date: bound })))
                    : Promise.resolve();
                },
              },
            ]}
          >
            <DatePicker
              style={{ width: 220 }}
              disabledDate={(d) => expiryProblem(d.format(DAY_FORMAT), today, latest) !== null}
            />
          </Form.Item>
          <Form.Item name="type" label={t('devices.grant.type')} extra={t('devices.grant.typeHint')}>
            <Select allowClear options={DEVICE_TYPES.map((v) => ({ value: v, label: t(`devices.type.${v}`) }))} />
          </Form.Item>
          <Form.Item name="attachInfo" label={t('devices.grant.attachInfo')} rules={[{ max: 1024 }]}>
            <Input.TextArea autoSize={{ minRows: 3, maxRows: 8 }} />
          </Form.Item>
          <Form.Item label=" " colon={false}>
            {/* Not a submit button: Enter in a field (e.g. committing a typed date) must not issue a
                licence, since every grant rotates the device's secret. */}
            <Button
              type="primary"
              icon={<SafetyCertificateOutlined />}
              loading={grant.isPending}
              onClick={() => form.submit()}
            >
              {t('devices.grant.submit')}
            </Button>
          </Form.Item>
        </Form>
      </Card>
      <Card title={t('devices.grant.history')}>
        <GrantHistory />
      </Card>
    </Flex>
  );
}
