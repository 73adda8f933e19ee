import { useState, type ComponentType, type FormEvent, type ReactNode } from 'react';
import { Button, theme } from 'antd';
import Input, { type InputProps } from 'antd/es/input/Input';
import Password from 'antd/es/input/Password';
import { LockOutlined, UserOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import type { LoginBody } from '@siteops/contracts/user/schemas';
import { userApi } from '@siteops/contracts/user/api';
import { call } from '@/api/endpoint';
import { message } from '@/lib/feedback';
import { targetAfterLogin } from '@/lib/loginRedirect';
import { RECOVER_PATH } from '@/lib/routeMeta';
import { startSession } from '@/lib/session';
import { clearToken } from '@/lib/token';
import { FailureAlert } from '@/features/auth/FailureAlert';

type Field = keyof LoginBody;

/** The two fields: their messages (label, placeholder), input, icon, and what a password manager fills in. */
const FIELDS: {
  name: Field;
  messages: string;
  Control: ComponentType<InputProps>;
  icon: ReactNode;
  autoComplete: string;
  autoFocus?: boolean;
}[] = [
  {
    name: 'username',
    messages: 'login.form.userName',
    Control: Input,
    icon: <UserOutlined />,
    autoComplete: 'username',
    autoFocus: true,
  },
  {
    name: 'password',
    messages: 'login.form.password',
    Control: Password,
    icon: <LockOutlined />,
    autoComplete: 'current-password',
  },
];

/**
 * Two fields and a button, checked by hand rather than with antd's Form: the login page is the first
 * thing anyone loads, and Form with its validator is ~10 KB of it.
 */
export function LoginForm() {
  const { t } = useTranslation();
  const { token } = theme.useToken();
  const navigate = useNavigate();
  const location = useLocation();
  const [values, setValues] = useState<LoginBody>({ username: '', password: '' });
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  // The server's reason (wrong credentials, a wait before the next try, …): one message, under the form's title.
  const [failure, setFailure] = useState<string | null>(null);
  // A plain call, not a TanStack mutation: the query cache is not part of the login page's first load.
  const [pending, setPending] = useState(false);

  const check = (next: LoginBody) => {
    const found: Partial<Record<Field, string>> = {};
    if (!next.username.trim()) found.username = t('login.form.userName.errMsg');
    if (!next.password) found.password = t('login.form.password.errMsg');
    return found;
  };
  const change = (field: Field, value: string) => {
    const next = { ...values, [field]: value };
    setValues(next);
    // Like a form library: once a field has said what is wrong, it says when it is right again.
    if (errors[field]) setErrors((e) => ({ ...e, [field]: check(next)[field] }));
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const found = check(values);
    setErrors(found);
    if (Object.keys(found).length) return;
    setFailure(null);
    setPending(true);
    try {
      const { token: session } = await call(
        userApi.login,
        { username: values.username.trim(), password: values.password },
        { silent: true },
      );
      await startSession(session);
      message().success(t('login.form.success'));
      await navigate(targetAfterLogin(location.search), { replace: true });
    } catch (error) {
      // Spec 4: a failed login drops any token held.
      clearToken();
      setFailure(error instanceof Error ? error.message : '');
    } finally {
      setPending(false);
    }
  };

  const fieldError = (field: Field) =>
    errors[field] ? (
      <div id={`login-${field}-error`} style={{ color: token.colorError, marginTop: 4, minHeight: 22 }}>
        {errors[field]}
      </div>
    ) : (
      <div style={{ minHeight: 22, marginTop: 4 }} />
    );
  return (
    <form noValidate autoComplete="on" onSubmit={(e) => void submit(e)}>
      <FailureAlert title={t('login.form.errMsg')} failure={failure} gap={24} />
      {FIELDS.map(({ name, messages, Control, icon, autoComplete, autoFocus }) => (
        <div key={name} style={{ marginBottom: 8 }}>
          <label htmlFor={`login-${name}`} style={{ display: 'block', paddingBottom: 8, fontSize: token.fontSizeLG }}>
            {t(`${messages}.label`)}
          </label>
          <Control
            id={`login-${name}`}
            size="large"
            prefix={icon}
            placeholder={t(`${messages}.placeholder`)}
            autoComplete={autoComplete}
            autoFocus={autoFocus}
            value={values[name]}
            onChange={(e) => change(name, e.target.value)}
            status={errors[name] ? 'error' : undefined}
            aria-invalid={Boolean(errors[name])}
            aria-describedby={errors[name] ? `login-${name}-error` : undefined}
          />
          {fieldError(name)}
        </div>
      ))}
      <div style={{ textAlign: 'right', margin: '-4px 0 16px' }}>
        {/* A plain link that navigates in place: react-router's Link would add its weight to the first load. */}
        <a
          href={RECOVER_PATH}
          onClick={(e) => {
            e.preventDefault();
            void navigate(RECOVER_PATH);
          }}
        >
          {t('login.form.forgot')}
        </a>
      </div>
      <Button type="primary" size="large" htmlType="submit" block loading={pending}>
        {t('login.form.submit')}
      </Button>
    </form>
  );
}
