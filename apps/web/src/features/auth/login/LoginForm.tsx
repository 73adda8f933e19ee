import { useState } from 'react';
import { Alert, App, Button, Form, Input } from 'antd';
import { LockOutlined, UserOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import type { LoginBody } from '@siteops/contracts/user';
import { userApi } from '@siteops/contracts/api/user';
import { useEndpointMutation } from '../../../api/endpoint';
import { targetAfterLogin } from '../../../lib/loginRedirect';
import { startSession } from '../../../lib/session';
import { clearToken } from '../../../lib/token';

export function LoginForm() {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const navigate = useNavigate();
  const location = useLocation();
  const login = useEndpointMutation(userApi.login);
  // The server's reason (wrong credentials, lockout with its retry time, …), shown under the generic error.
  const [failure, setFailure] = useState<string | null>(null);

  const onFinish = async (values: LoginBody) => {
    setFailure(null);
    try {
      const { token } = await login.mutateAsync({ username: values.username.trim(), password: values.password });
      startSession(token);
      message.success(t('login.form.success'));
      await navigate(targetAfterLogin(location.search), { replace: true });
    } catch (error) {
      // Spec 4: a failed login drops any token held.
      clearToken();
      setFailure(error instanceof Error ? error.message : '');
    }
  };

  return (
    <Form<LoginBody> layout="vertical" size="large" requiredMark={false} onFinish={onFinish} autoComplete="on">
      {failure !== null && (
        <Alert
          type="error"
          showIcon
          title={t('login.form.errMsg')}
          description={failure || undefined}
          style={{ marginBottom: 24 }}
          role="alert"
        />
      )}
      <Form.Item
        name="username"
        label={t('login.form.userName.label')}
        rules={[{ required: true, whitespace: true, message: t('login.form.userName.errMsg') }]}
      >
        <Input
          prefix={<UserOutlined />}
          placeholder={t('login.form.userName.placeholder')}
          autoComplete="username"
          autoFocus
        />
      </Form.Item>
      <Form.Item
        name="password"
        label={t('login.form.password.label')}
        rules={[{ required: true, message: t('login.form.password.errMsg') }]}
      >
        <Input.Password
          prefix={<LockOutlined />}
          placeholder={t('login.form.password.placeholder')}
          autoComplete="current-password"
        />
      </Form.Item>
      <Form.Item style={{ marginBottom: 0 }}>
        <Button type="primary" htmlType="submit" block loading={login.isPending}>
          {t('login.form.submit')}
        </Button>
      </Form.Item>
    </Form>
  );
}
