import { Form, Input } from 'antd';

/**
 * The account's current password, required, as the browser's password manager knows it: asked before a
 * password change and before a security setting is changed, to show it is the account's owner.
 */
export function CurrentPasswordField({
  name = 'password',
  label,
  requiredMessage,
}: {
  name?: string;
  label: string;
  requiredMessage: string;
}) {
  return (
    <Form.Item name={name} label={label} rules={[{ required: true, message: requiredMessage }]}>
      <Input.Password autoComplete="current-password" />
    </Form.Item>
  );
}
