import { Form, Input } from 'antd';
import { useTranslation } from 'react-i18next';
import { accountApi } from '@siteops/contracts/account/api';
import { useEndpointMutation } from '@/api/queries';
import { ModalForm } from '@/components/form/ModalForm';
import { CurrentPasswordField } from '@/components/form/CurrentPasswordField';
import { requiredText } from '@/components/form/rules';

interface Values {
  question: string;
  answer: string;
  password: string;
}
const FIELDS = ['question', 'answer', 'password'] as const;

/** Set or change the security question; the current password confirms it is the account's owner. */
export function QuestionModal({ open, change, onClose }: { open: boolean; change: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  const save = useEndpointMutation(accountApi.securityQuestion);
  return (
    <ModalForm<Values>
      open={open}
      title={change ? t('userSecurity.question.changeTitle') : t('userSecurity.question.setTitle')}
      fieldNames={FIELDS}
      onSubmit={(v) => save.mutateAsync(v)}
      onClose={onClose}
    >
      <Form.Item
        name="question"
        label={t('userSecurity.question.question')}
        rules={[
          requiredText(t('userSecurity.question.questionRequired')),
          { max: 64, message: t('userSecurity.tooLong', { max: 64 }) },
        ]}
      >
        <Input maxLength={64} />
      </Form.Item>
      <Form.Item
        name="answer"
        label={t('userSecurity.question.answer')}
        extra={t('userSecurity.question.answerHint')}
        rules={[
          requiredText(t('userSecurity.question.answerRequired')),
          { max: 64, message: t('userSecurity.tooLong', { max: 64 }) },
        ]}
      >
        <Input maxLength={64} autoComplete="off" />
      </Form.Item>
      <CurrentPasswordField
        label={t('userSecurity.currentPassword')}
        requiredMessage={t('userSecurity.currentPasswordRequired')}
      />
    </ModalForm>
  );
}
