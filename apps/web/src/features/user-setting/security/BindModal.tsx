import { Button, Form, Input, type FormInstance } from 'antd';
import { useTranslation } from 'react-i18next';
import { SECURITY_CODE_DIGITS, type SecurityChannel } from '@siteops/contracts/account/schemas';
import { accountApi } from '@siteops/contracts/account/api';
import { useEndpointMutation } from '@/api/queries';
import { ApiError } from '@/api/envelope';
import { ModalForm } from '@/components/form/ModalForm';
import { OneTimeCodeField } from '@/components/form/OneTimeCodeField';
import { useResendCountdown } from '@/hooks/useResendCountdown';
import { message } from '@/lib/feedback';
import { requiredText } from '@/components/form/rules';

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
                requiredText(t(`userSecurity.${channel}.targetRequired`)),
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
            <OneTimeCodeField
              label={t('userSecurity.code')}
              requiredMessage={t('userSecurity.codeRequired')}
              invalidMessage={t('userSecurity.codeInvalid', { digits: SECURITY_CODE_DIGITS })}
              sendButton={<SendCode channel={channel} form={form} />}
            />
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
  const countdown = useResendCountdown();
  const left = countdown.secondsLeft;

  const onClick = async () => {
    const { target } = await form.validateFields(['target']).catch(() => ({ target: undefined }));
    if (!target) return;
    try {
      const answer = await send.mutateAsync({ channel, target });
      countdown.waitUntil(answer.resendAt);
      message().success(t(`userSecurity.${channel}.codeSent`));
    } catch (error) {
      if (error instanceof ApiError) {
        form.setFields([{ name: 'target', errors: [error.fields.target ?? error.message] }]);
        countdown.waitAfter(error);
      }
    }
  };

  return (
    <Button onClick={() => void onClick()} loading={send.isPending} disabled={left > 0}>
      {left > 0 ? t('userSecurity.resendIn', { seconds: left }) : t('userSecurity.sendCode')}
    </Button>
  );
}
