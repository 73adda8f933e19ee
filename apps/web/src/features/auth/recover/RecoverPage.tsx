import { useState } from 'react';
import { Alert, Button, Flex, Form, Input, Result, Steps, Typography } from 'antd';
import { useMutation } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { accountApi } from '@siteops/contracts/api/account';
import { call } from '@/api/endpoint';
import { ApiError } from '@/api/envelope';
import { NewPasswordFields } from '@/components/form/NewPasswordFields';
import { AuthShell } from '@/features/auth/login/LoginPage';
import { LOGIN_PATH } from '@/lib/routeMeta';
import './messages';

interface Values {
  username: string;
  answer: string;
  newPassword: string;
  confirmPassword: string;
}
const SERVER_FIELDS = ['username', 'answer', 'newPassword'] as const;

/**
 * /recover (no login): a forgotten password, reset by answering the account's security question. The
 * server answers every name with a question and every wrong answer alike, so this page cannot tell an
 * unknown account from a wrong answer either; it only says the reset did not happen.
 */
export function RecoverPage() {
  const { t } = useTranslation();
  const [form] = Form.useForm<Values>();
  const [question, setQuestion] = useState<string | null>(null);
  const [done, setDone] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const ask = useMutation({
    mutationFn: (username: string) => call(accountApi.recoverQuestion, { username }, { silent: true }),
  });
  const reset = useMutation({
    mutationFn: (v: Values) =>
      call(
        accountApi.recoverPassword,
        { username: v.username, answer: v.answer, newPassword: v.newPassword },
        { silent: true },
      ),
  });

  const failed = (error: unknown) => {
    const fields = error instanceof ApiError ? error.fields : {};
    const known = SERVER_FIELDS.filter((name) => fields[name]);
    form.setFields(known.map((name) => ({ name, errors: [fields[name]] })));
    setFailure(known.length ? null : error instanceof Error ? error.message : '');
  };
  const next = async () => {
    const { username } = await form.validateFields(['username']);
    setFailure(null);
    try {
      setQuestion((await ask.mutateAsync(username.trim())).question);
    } catch (error) {
      failed(error);
    }
  };
  const submit = async (v: Values) => {
    setFailure(null);
    try {
      await reset.mutateAsync({ ...v, username: v.username.trim() });
      setDone(true);
    } catch (error) {
      failed(error);
    }
  };

  const step = done ? 2 : question === null ? 0 : 1;
  return (
    <AuthShell title={t('recover.title')}>
      <Steps
        size="small"
        current={step}
        items={[
          { title: t('recover.steps.account') },
          { title: t('recover.steps.answer') },
          { title: t('recover.steps.done') },
        ]}
        style={{ marginBottom: 24 }}
      />
      {done ? (
        <Result
          status="success"
          title={t('recover.doneTitle')}
          subTitle={t('recover.doneText')}
          extra={
            <Link to={LOGIN_PATH}>
              <Button type="primary">{t('recover.toLogin')}</Button>
            </Link>
          }
        />
      ) : (
        <Form<Values> form={form} layout="vertical" onFinish={(v) => void submit(v)} requiredMark={false}>
          {failure !== null && (
            <Alert
              type="error"
              showIcon
              title={t('recover.failed')}
              description={failure || undefined}
              style={{ marginBottom: 16 }}
              role="alert"
            />
          )}
          {question === null && <Typography.Paragraph type="secondary">{t('recover.intro')}</Typography.Paragraph>}
          <Form.Item
            name="username"
            label={t('login.form.userName.label')}
            rules={[{ required: true, whitespace: true, message: t('login.form.userName.errMsg') }]}
          >
            <Input
              autoComplete="username"
              autoFocus
              disabled={question !== null}
              onPressEnter={(e) => {
                e.preventDefault();
                void next();
              }}
            />
          </Form.Item>
          {question === null ? (
            <Flex justify="space-between" align="center">
              <Link to={LOGIN_PATH}>{t('recover.toLogin')}</Link>
              <Button type="primary" loading={ask.isPending} onClick={() => void next()}>
                {t('recover.next')}
              </Button>
            </Flex>
          ) : (
            <>
              <Form.Item label={t('recover.question')}>
                <Typography.Text strong>{question}</Typography.Text>
              </Form.Item>
              <Form.Item
                name="answer"
                label={t('recover.answer.label')}
                rules={[{ required: true, whitespace: true, message: t('recover.answer.errMsg') }]}
              >
                <Input autoComplete="off" autoFocus />
              </Form.Item>
              <NewPasswordFields />
              <Flex justify="space-between" align="center">
                <Button
                  onClick={() => {
                    setQuestion(null);
                    setFailure(null);
                  }}
                >
                  {t('recover.back')}
                </Button>
                <Button type="primary" htmlType="submit" loading={reset.isPending}>
                  {t('recover.submit')}
                </Button>
              </Flex>
            </>
          )}
        </Form>
      )}
    </AuthShell>
  );
}
