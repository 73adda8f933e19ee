import { useEffect, useState } from 'react';
import { Button, Form, Input, Space, type FormInstance } from 'antd';
import { useTranslation } from 'react-i18next';
import { SECURITY_CODE_DIGITS, type SecurityChannel } from '@siteops/contracts/account';
import { accountApi } from '@siteops/contracts/api/account';
import { useEndpointMutation } from '@/api/queries';
import { ApiError } from '@/api/envelope';
import { ModalForm } from '@/components/form/ModalForm';
import { message } from '@/lib/feedback';

interface Values {
  target: string;
  code: string;
}
const FIELDS = ['target', 'code'] as const;
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
const PHONE = /^\+?\d[\d -]{3,29}\d$/;

/**
 * Bind (or change) the security phone or email: send a one-time code there, then confirm with it.
 * "Send code" counts down until the server allows another (the answer's `resendAt`, 60 s by default).
 */
export function BindModal(props: { channel: SecurityChannel | null; change: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  const { channel } = props;
  const bind = useEndpointMutation(accountApi.securityBind, ['notification']);
  const title = channel ? t(`userSecurity.${channel}.${props.change ? 'changeTitle' : 'bindTitle'}`) : '';
  return (
    <ModalForm<Values>
      open={channel !== null}
      title={title}
      fieldNames={FIELDS}
      onSubmit={(v) => bind.mutateAsync({ channel: channel!, target: v.target, code: v.code })}
      onSaved={() => message().success(t('userSecurity.boundOk'))}
      onClose={props.onClose}
    >
      {(form) =>
        channel && (
          <>
            <Form.Item
              name="target"
              label={t(`userSecurity.${channel}.target`)}
              rules={[
                { required: true, whitespace: true, message: t(`userSecurity.${channel}.targetRequired`) },
                {
                  validator: async (_, value: string | undefined) => {
                    const v = value?.trim() ?? '';
                    if (v && !(channel === 'email' ? EMAIL : PHONE).test(v))
                      throw new Error(t(`userSecurity.${channel}.targetInvalid`));
                  },
                },
              ]}
            >
              <Input
                type={channel === 'email' ? 'email' : 'tel'}
                autoComplete={channel === 'email' ? 'email' : 'tel'}
                maxLength={128}
              />
            </Form.Item>
            <Form.Item label={t('userSecurity.code')} required>
              <Space.Compact style={{ width: '100%' }}>
                <Form.Item
                  name="code"
                  noStyle
                  rules={[
                    { required: true, message: t('userSecurity.codeRequired') },
                    {
                      pattern: new RegExp(`^\\d{${SECURITY_CODE_DIGITS}}$`),
                      message: t('userSecurity.codeInvalid', { digits: SECURITY_CODE_DIGITS }),
                    },
                  ]}
                >
                  <Input
                    aria-label={t('userSecurity.code')}
                    inputMode="numeric"
                    autoComplete="one-time-code"
                    maxLength={SECURITY_CODE_DIGITS}
                  />
                </Form.Item>
                <SendCode channel={channel} form={form} />
              </Space.Compact>
            </Form.Item>
          </>
        )
      }
    </ModalForm>
  );
}

/** The "send code" button and its countdown; a refusal (too soon, not configured) lands on the address field. */
function SendCode({ channel, form }: { channel: SecurityChannel; form: FormInstance<Values> }) {
  const { t } = useTranslation();
  const send = useEndpointMutation(accountApi.securityCode);
  const [resendAt, setResendAt] = useState(0);
  const [now, setNow] = useState(() => Date.now());
  const left = Math.max(0, Math.ceil((resendAt - now) / 1000));

  useEffect(() => {
    if (resendAt <= Date.now()) return;
    const timer = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(timer);
  }, [resendAt]);

  const onClick = async () => {
    const { target } = await form.validateFields(['target']).catch(() => ({ target: undefined }));
    if (!target) return;
    try {
      const answer = await send.mutateAsync({ channel, target });
      setNow(Date.now());
      setResendAt(new Date(answer.resendAt).getTime());
      message().success(t(`userSecurity.${channel}.codeSent`));
    } catch (error) {
      if (error instanceof ApiError) {
        form.setFields([{ name: 'target', errors: [error.fields.target ?? error.message] }]);
        const retryAt = (error.data as { retryAt?: string } | null)?.retryAt;
        if (retryAt) {
          setNow(Date.now());
          setResendAt(new Date(retryAt).getTime());
        }
      }
    }
  };

  return (
    <Button onClick={() => void onClick()} loading={send.isPending} disabled={left > 0}>
      {left > 0 ? t('userSecurity.resendIn', { seconds: left }) : t('userSecurity.sendCode')}
    </Button>
  );
}
