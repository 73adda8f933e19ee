import { Alert, Typography } from 'antd';
import type { TFunction } from 'i18next';
import type { OneTimePasswordAnswer } from '@siteops/contracts/user/password';
import { message, modal } from '@/lib/feedback';
import { formatMinute } from '@/lib/time';

const carriesOneTime = (answer: unknown): answer is OneTimePasswordAnswer =>
  typeof answer === 'object' &&
  answer !== null &&
  typeof (answer as Partial<OneTimePasswordAnswer>).oneTimePassword === 'string';

/**
 * The one-time password the server just answered for `userName` (a reset, or an account created without
 * a password). The server keeps no copy, so this dialog is the only time anyone sees it: it says so, and
 * offers a copy button. It is the event's only message (no "saved" toast beside it).
 */
export function showOneTimePassword(t: TFunction, title: string, userName: string, answer: OneTimePasswordAnswer) {
  modal().success({
    title,
    width: 480,
    okText: t('oneTimePassword.done'),
    content: (
      <>
        <Typography.Paragraph>{t('oneTimePassword.handOver', { userName })}</Typography.Paragraph>
        <Typography.Paragraph
          data-testid="one-time-password"
          code
          copyable={{
            text: answer.oneTimePassword,
            tooltips: [t('oneTimePassword.copy'), t('oneTimePassword.copied')],
          }}
          style={{ fontSize: 18 }}
        >
          {answer.oneTimePassword}
        </Typography.Paragraph>
        <Alert
          type="warning"
          showIcon
          title={t('oneTimePassword.shownOnce', { expiresAt: formatMinute(answer.expiresAt) })}
        />
      </>
    ),
  });
}

/** After saving an account: the one-time password dialog when the answer carries one, else "Save Success". */
export function announceSaved(t: TFunction, answer: unknown, userName: string) {
  if (carriesOneTime(answer)) showOneTimePassword(t, t('oneTimePassword.createdTitle'), userName, answer);
  else message().success(t('common.saveSuccess'));
}
