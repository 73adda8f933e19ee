import { Form, Input } from 'antd';
import { useTranslation } from 'react-i18next';
import { passwordPolicyRule } from '@/components/form/passwordRule';

/**
 * A new password and its confirmation (spec 5's policy, its hint and its "twice" message), as fields
 * `newPassword` and `confirmPassword` of the surrounding antd Form: the password change and the
 * recovery page ask the same way.
 */
export function NewPasswordFields() {
  const { t } = useTranslation();
  return (
    <>
      <Form.Item
        name="newPassword"
        label={t('password.new.label')}
        extra={t('password.hint')}
        rules={[{ required: true, message: t('password.new.errMsg') }, passwordPolicyRule(t)]}
      >
        <Input.Password autoComplete="new-password" />
      </Form.Item>
      <Form.Item
        name="confirmPassword"
        label={t('password.confirm.label')}
        dependencies={['newPassword']}
        rules={[
          { required: true, message: t('password.confirm.errMsg') },
          ({ getFieldValue }) => ({
            validator: async (_, value: string | undefined) => {
              if (value && value !== getFieldValue('newPassword')) throw new Error(t('password.mismatch'));
            },
          }),
        ]}
      >
        <Input.Password autoComplete="new-password" />
      </Form.Item>
    </>
  );
}
