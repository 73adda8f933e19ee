import { useState } from 'react';
import { Button, Flex, Form, Input, Radio, Result, Steps, Typography } from 'antd';
import { useMutation } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { SECURITY_CODE_DIGITS, type SecurityChannel } from '@siteops/contracts/account/schemas';
import { accountApi } from '@siteops/contracts/account/api';
import { call } from '@/api/endpoint';
import { ApiError } from '@/api/envelope';
import { NewPasswordFields } from '@/components/form/NewPasswordFields';
import { OneTimeCodeField } from '@/components/form/OneTimeCodeField';
import { useResendCountdown } from '@/hooks/useResendCountdown';
import { AuthShell } from '@/features/auth/login/LoginPage';
import { FailureAlert } from '@/features/auth/FailureAlert';
import { LOGIN_PATH } from '@/lib/routeMeta';
import './messages';
import { requiredText } from '@/components/form/rules';

interface Values {
  username: string;
  question: string;
  answer: string;
  code: string;
  newPassword: string;
  confirmPassword: string;
}
type Method = SecurityChannel | 'question';
/** What step 1 answered: the same for every name, whether or not the account exists. */
interface Ways {
  emailCode: boolean;
  phoneCode: boolean;
}
const SERVER_FIELDS = ['username', 'question', 'answer', 'code', 'newPassword'] as const;

/**
 * /recover (no login): a forgotten password, reset with a code sent to the account's security email or
 * phone (offered first, each when this server sends email or SMS) or by typing its security question
 * with the answer (the question is never shown: it would tell who has an account). The server answers
 * every name alike (the code options, "a code is on its way" without an address or number)
 * and every wrong code or answer alike, so this page cannot tell an unknown account from a wrong answer
 * either; it only says the reset did not happen.
 */
export function RecoverPage() {
  const { t } = useTranslation();
  const [form] = Form.useForm<Values>();
  const [ways, setWays] = useState<Ways | null>(null);
  const [method, setMethod] = useState<Method>('email');
  const [done, setDone] = useState(false);
  /** Where the last code was asked for and how many minutes it works, once one was. */
  const [sentFor, setSentFor] = useState<{ channel: SecurityChannel; minutes: number } | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const ask = useMutation({
    mutationFn: (username: string) => call(accountApi.recoverQuestion, { username }, { silent: true }),
  });
  const reset = useMutation({
    mutationFn: (v: Values) =>
      method !== 'question'
        ? call(
            accountApi.recoverByCode,
            { username: v.username, code: v.code, newPassword: v.newPassword },
            { silent: true },
          )
        : call(
            accountApi.recoverPassword,
            { username: v.username, question: v.question, answer: v.answer, newPassword: v.newPassword },
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
      const answer = await ask.mutateAsync(username.trim());
      setWays(answer);
      setMethod(answer.emailCode ? 'email' : answer.phoneCode ? 'phone' : 'question');
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

  const step = done ? 2 : ways === null ? 0 : 1;
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
          <FailureAlert title={t('recover.failed')} failure={failure} gap={16} />
          {ways === null && <Typography.Paragraph type="secondary">{t('recover.intro')}</Typography.Paragraph>}
          <Form.Item
            name="username"
            label={t('login.form.userName.label')}
            rules={[requiredText(t('login.form.userName.errMsg'))]}
          >
            <Input
              autoComplete="username"
              autoFocus
              disabled={ways !== null}
              onPressEnter={(e) => {
                e.preventDefault();
                void next();
              }}
            />
          </Form.Item>
          {ways === null ? (
            <Flex justify="space-between" align="center">
              <Link to={LOGIN_PATH}>{t('recover.toLogin')}</Link>
              <Button type="primary" loading={ask.isPending} onClick={() => void next()}>
                {t('recover.next')}
              </Button>
            </Flex>
          ) : (
            <>
              <Form.Item label={t('recover.method.label')}>
                <Radio.Group
                  value={method}
                  onChange={(e) => {
                    setMethod(e.target.value as Method);
                    setFailure(null);
                  }}
                  options={[
                    { value: 'email', label: t('recover.method.email'), disabled: !ways.emailCode },
                    { value: 'phone', label: t('recover.method.phone'), disabled: !ways.phoneCode },
                    { value: 'question', label: t('recover.method.question') },
                  ]}
                />
                {(['email', 'phone'] as const)
                  .filter((channel) => !ways[`${channel}Code`])
                  .map((channel) => (
                    <Typography.Paragraph key={channel} type="secondary" style={{ margin: '8px 0 0' }}>
                      {t(`recover.unavailable.${channel}`)}
                    </Typography.Paragraph>
                  ))}
              </Form.Item>
              {method !== 'question' ? (
                <>
                  <Typography.Paragraph type="secondary">{t(`recover.codeIntro.${method}`)}</Typography.Paragraph>
                  <OneTimeCodeField
                    label={t('recover.code.label')}
                    requiredMessage={t('recover.code.errMsg')}
                    invalidMessage={t('recover.code.invalid', { digits: SECURITY_CODE_DIGITS })}
                    lenient
                    extra={
                      sentFor !== null && (
                        <span role="status">
                          {t(`recover.codeSent.${sentFor.channel}`, { minutes: sentFor.minutes })}
                        </span>
                      )
                    }
                    sendButton={
                      <SendCode
                        username={form.getFieldValue('username') as string}
                        channel={method}
                        onSent={setSentFor}
                        onFailure={failed}
                      />
                    }
                  />
                </>
              ) : (
                <>
                  <Form.Item
                    name="question"
                    label={t('recover.question')}
                    extra={t('recover.questionHint')}
                    rules={[requiredText(t('recover.questionErrMsg'))]}
                  >
                    <Input autoComplete="off" autoFocus />
                  </Form.Item>
                  <Form.Item
                    name="answer"
                    label={t('recover.answer.label')}
                    rules={[requiredText(t('recover.answer.errMsg'))]}
                  >
                    <Input autoComplete="off" />
                  </Form.Item>
                </>
              )}
              <NewPasswordFields />
              <Flex justify="space-between" align="center">
                <Button
                  onClick={() => {
                    setWays(null);
                    setSentFor(null);
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

/**
 * "Send code" and its countdown until the server allows another (`resendAt`, or a 429's `retryAt`).
 * The server answers every name the same, so what it says is only that a code is on its way if there
 * is an address to send it to; a refusal lands beside the code field. The countdown outlives a change
 * of channel: the server counts one name's codes over both.
 */
function SendCode(props: {
  username: string;
  channel: SecurityChannel;
  onSent: (sent: { channel: SecurityChannel; minutes: number }) => void;
  onFailure: (error: unknown) => void;
}) {
  const { t } = useTranslation();
  const send = useMutation({
    mutationFn: (channel: SecurityChannel) =>
      call(accountApi.recoverCode, { username: props.username.trim(), channel }, { silent: true }),
  });
  const countdown = useResendCountdown();
  const left = countdown.secondsLeft;

  const onClick = async () => {
    try {
      const answer = await send.mutateAsync(props.channel);
      countdown.waitUntil(answer.resendAt);
      props.onSent({
        channel: props.channel,
        minutes: Math.round((new Date(answer.expiresAt).getTime() - Date.now()) / 60_000),
      });
    } catch (error) {
      countdown.waitAfter(error);
      props.onFailure(error);
    }
  };

  return (
    <Button onClick={() => void onClick()} loading={send.isPending} disabled={left > 0}>
      {left > 0 ? t('recover.resendIn', { seconds: left }) : t('recover.sendCode')}
    </Button>
  );
}
