import { Form, Input, Switch } from 'antd';
import { useTranslation } from 'react-i18next';
import { requiredText } from '@/components/form/rules';

/** A channel's or a chain's name: required, as the list shows it. */
export function NameField({ label }: { label: string }) {
  const { t } = useTranslation();
  return (
    <Form.Item name="name" label={label} rules={[requiredText(t('alarmEscalation.rules.name'))]}>
      <Input maxLength={64} />
    </Form.Item>
  );
}

/** Whether the channel or chain is in use; a disabled one is kept but not followed. */
export function EnabledField() {
  const { t } = useTranslation();
  return (
    <Form.Item name="enabled" label={t('alarmEscalation.enabled')} valuePropName="checked">
      <Switch />
    </Form.Item>
  );
}
