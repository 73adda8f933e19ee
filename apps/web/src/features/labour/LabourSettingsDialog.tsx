import { useEffect } from 'react';
import { Form, InputNumber, Switch } from 'antd';
import { useTranslation } from 'react-i18next';
import { message } from '@/lib/feedback';
import { useLabourSettings } from './api/getSettings';
import { useUpdateLabourSettings } from './api/updateSettings';
import { ProjectFormDialog } from './ProjectFormDialog';
import { useChosenProject, type ProjectDialogProps } from './ProjectPicker';

interface Values {
  cutoffHour: number;
  requireValidCertificate: boolean;
  absentDays: number;
}

/**
 * A project's labour settings: the night shift's cut-off hour, and whether workers without a valid
 * required certificate are kept off its face terminals (applied at once, and as certificates expire).
 */
export function LabourSettingsDialog({ open, projectId, onClose }: ProjectDialogProps) {
  const { t } = useTranslation();
  const [form] = Form.useForm<Values>();
  const { project, picker } = useChosenProject(open, projectId);
  const settings = useLabourSettings({ projectId: project ?? 0 }, { enabled: open && project !== undefined });
  const update = useUpdateLabourSettings();

  useEffect(() => {
    if (open && settings.data) {
      form.setFieldsValue({
        cutoffHour: settings.data.cutoffHour,
        requireValidCertificate: settings.data.requireValidCertificate,
        absentDays: settings.data.absentDays,
      });
    }
  }, [open, settings.data, form]);

  return (
    <ProjectFormDialog
      open={open}
      title={t('labour.settingsTitle')}
      okText={t('common.save')}
      ready={!!settings.data}
      busy={update.isPending}
      onOk={async () => {
        const values = await form.validateFields();
        await update.mutateAsync({ projectId: project!, ...values });
        message().success(t('common.saveSuccess'));
        onClose();
      }}
      onClose={onClose}
      picker={picker}
      form={form}
      formName="labour-settings"
    >
      <Form.Item
        name="requireValidCertificate"
        label={t('labour.requireValidCertificate')}
        extra={t('labour.requireValidCertificateHint')}
        valuePropName="checked"
      >
        <Switch />
      </Form.Item>
      <Form.Item name="cutoffHour" label={t('labour.cutoffHour')} extra={t('labour.cutoffHourHint')}>
        <InputNumber min={0} max={12} precision={0} />
      </Form.Item>
      <Form.Item name="absentDays" label={t('labour.absentDays')} extra={t('labour.absentDaysHint')}>
        <InputNumber min={1} max={30} precision={0} />
      </Form.Item>
    </ProjectFormDialog>
  );
}
