import { Form, Select } from 'antd';
import { useTranslation } from 'react-i18next';

/** The agent, project or device a new rule watches (required), picked by name. */
export function ScopeTarget({
  scope,
  width,
  loading,
  options,
}: {
  scope: 'agent' | 'project' | 'device';
  width: number;
  loading: boolean;
  options: { value: number; label: string }[];
}) {
  const { t } = useTranslation();
  return (
    <Form.Item
      name={`${scope}Id`}
      label={t(`alarms.scopes.${scope}`)}
      rules={[{ required: true, message: t(`alarms.rules.${scope}Required`) }]}
    >
      <Select style={{ width }} showSearch={{ optionFilterProp: 'label' }} loading={loading} options={options} />
    </Form.Item>
  );
}
