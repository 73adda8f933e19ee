import { Form } from 'antd';
import { useTranslation } from 'react-i18next';
import { ApiError } from '@/api/envelope';
import { userApi } from '@siteops/contracts/user/api';
import { useEndpointMutation } from '@/api/queries';
import { CurrentPasswordField } from '@/components/form/CurrentPasswordField';
import { NewPasswordFields } from '@/components/form/NewPasswordFields';
import { message } from '@/lib/feedback';
import { SubmitRow } from '@/components/form/SubmitRow';

interface Values {
  oldPassword: string;
  newPassword: string;
  confirmPassword: string;
}

/** Change the caller's password (spec 5 policy and messages). Also used by the forced-change dialog. */
export function ChangePasswordForm({ onSuccess }: { onSuccess?: () => void }) {
  const { t } = useTranslation();
  const [form] = Form.useForm<Values>();
  const update = useEndpointMutation(userApi.updatePasswd);

  const onFinish = async ({ oldPassword, newPassword }: Values) => {
    try {
      await update.mutateAsync({ oldPassword, newPassword });
      message().success(t('password.saved'));
      form.resetFields();
      onSuccess?.();
    } catch (error) {
      // The client already showed the server's message; also put per-field reasons beside their fields.
      if (error instanceof ApiError) {
        form.setFields(
          Object.entries(error.fields)
            .filter(([name]) => name === 'oldPassword' || name === 'newPassword')
            .map(([name, reason]) => ({ name: name as keyof Values, errors: [reason] })),
        );
      }
    }
  };

  return (
    <Form<Values> form={form} layout="vertical" onFinish={onFinish} style={{ maxWidth: 420 }}>
      <CurrentPasswordField
        name="oldPassword"
        label={t('password.old.label')}
        requiredMessage={t('password.old.errMsg')}
      />
      <NewPasswordFields />
      <SubmitRow loading={update.isPending}>{t('password.submit')}</SubmitRow>
    </Form>
  );
}
