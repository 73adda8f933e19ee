import { useState } from 'react';
import { Form, Input, Progress, Select, Typography, Upload } from 'antd';
import type { UploadFile } from 'antd';
import { useTranslation } from 'react-i18next';
import { DEVICE_TYPES } from '@siteops/contracts/device-protocol';
import {
  CHECK_SUM_LENGTH,
  CHECK_TYPES,
  RELEASE_NOTES_MAX,
  VERSION_PATTERN,
  type CheckType,
} from '@siteops/contracts/upgrade/schemas';
import { upgradeApi } from '@siteops/contracts/upgrade/api';
import { useUploadMutation } from '@/api/queries';
import { ModalForm } from '@/components/form/ModalForm';
import { message } from '@/lib/feedback';
import { formatBytes } from './formatBytes';
import { DropHint } from '@/components/upload/DropHint';
import { requiredText } from '@/components/form/rules';

interface FormValues {
  file: UploadFile[];
  fileVersion: string;
  deviceTypes: string[];
  checkType: CheckType;
  checkSum?: string;
  minVersion?: string;
  releaseNotes?: string;
}
const FIELDS = ['file', 'fileVersion', 'deviceTypes', 'checkType', 'checkSum', 'minVersion', 'releaseNotes'] as const;
const INITIAL: Partial<FormValues> = { checkType: 'SHA256', file: [] };

/**
 * Upload a firmware package: the file streams to the server with a real progress bar (bytes sent),
 * then the server checks the checksum it computed on the way against the one given, if any.
 */
export function UploadDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  const upload = useUploadMutation(upgradeApi.upload);
  const [sent, setSent] = useState(0);
  const [total, setTotal] = useState(0);

  const submit = async (values: FormValues) => {
    const file = values.file[0]?.originFileObj;
    if (!file) return;
    setTotal(file.size);
    setSent(0);
    const form = new FormData();
    form.append('file', file, file.name);
    const input = {
      fileVersion: values.fileVersion.trim(),
      deviceTypes: values.deviceTypes,
      checkType: values.checkType,
      checkSum: values.checkSum?.trim() || undefined,
      minVersion: values.minVersion?.trim() || undefined,
      releaseNotes: values.releaseNotes?.trim() || undefined,
    } as Parameters<typeof upload.mutateAsync>[0]['input'];
    return upload.mutateAsync({ form, input, onProgress: setSent });
  };

  const close = () => {
    if (upload.isPending) return;
    setSent(0);
    upload.reset();
    onClose();
  };

  return (
    <ModalForm<FormValues>
      open={open}
      title={t('upgrade.uploadTitle')}
      initialValues={INITIAL}
      fieldNames={FIELDS}
      onSubmit={submit}
      onSaved={() => message().success(t('upgrade.uploadSuccess'))}
      onClose={close}
    >
      <>
        <Form.Item
          name="file"
          label={t('upgrade.file')}
          valuePropName="fileList"
          getValueFromEvent={(e: { fileList: UploadFile[] }) => e.fileList.slice(-1)}
          rules={[{ required: true, type: 'array', min: 1, message: t('upgrade.fileRequired') }]}
        >
          <Upload.Dragger
            beforeUpload={() => false}
            maxCount={1}
            disabled={upload.isPending}
            data-testid="upgrade-file"
          >
            <DropHint text={t('upgrade.drop')} />
          </Upload.Dragger>
        </Form.Item>
        <Form.Item
          name="fileVersion"
          label={t('upgrade.fileVersion')}
          rules={[
            requiredText(t('upgrade.versionRequired')),
            { pattern: VERSION_PATTERN, message: t('upgrade.versionPattern') },
          ]}
        >
          <Input placeholder="1.2.3" />
        </Form.Item>
        <Form.Item
          name="deviceTypes"
          label={t('upgrade.deviceTypes')}
          rules={[{ required: true, type: 'array', min: 1, message: t('upgrade.deviceTypesRequired') }]}
        >
          <Select
            mode="multiple"
            allowClear
            options={DEVICE_TYPES.map((type) => ({ value: type, label: t(`devices.type.${type}`) }))}
          />
        </Form.Item>
        <Form.Item name="checkType" label={t('upgrade.checkType')}>
          <Select options={CHECK_TYPES.map((type) => ({ value: type, label: type }))} />
        </Form.Item>
        <Form.Item
          name="checkSum"
          label={t('upgrade.checkSum')}
          extra={t('upgrade.checkSumHint')}
          dependencies={['checkType']}
          rules={[
            ({ getFieldValue }) => ({
              validator: (_, v: string | undefined) => {
                const type = getFieldValue('checkType') as CheckType;
                const digits = CHECK_SUM_LENGTH[type];
                return !v?.trim() || new RegExp(`^[0-9a-fA-F]{${digits}}$`).test(v.trim())
                  ? Promise.resolve()
                  : Promise.reject(new Error(t('upgrade.checkSumPattern', { type, digits })));
              },
            }),
          ]}
        >
          <Input allowClear />
        </Form.Item>
        <Form.Item
          name="minVersion"
          label={t('upgrade.minVersion')}
          extra={t('upgrade.minVersionHint')}
          rules={[{ pattern: VERSION_PATTERN, message: t('upgrade.versionPattern') }]}
        >
          <Input allowClear />
        </Form.Item>
        <Form.Item name="releaseNotes" label={t('upgrade.releaseNotes')}>
          <Input.TextArea autoSize={{ minRows: 2, maxRows: 6 }} maxLength={RELEASE_NOTES_MAX} showCount />
        </Form.Item>
        {(upload.isPending || sent > 0) && (
          <div data-testid="upgrade-progress">
            <Progress
              percent={Math.floor(sent * 100)}
              status={upload.isError ? 'exception' : upload.isPending ? 'active' : 'normal'}
            />
            <Typography.Text type="secondary">
              {upload.isPending && sent >= 1
                ? t('upgrade.verifying')
                : t('upgrade.sent', { sent: formatBytes(Math.round(sent * total)), total: formatBytes(total) })}
            </Typography.Text>
          </div>
        )}
      </>
    </ModalForm>
  );
}
