import { useState, type ReactNode } from 'react';
import { Button, Form, Input, Select, type FormInstance } from 'antd';
import type { Rule } from 'antd/es/form';
import { useTranslation } from 'react-i18next';
import { requiredText } from '@/components/form/rules';
import { showSubmitFailure } from './submitFailure';

// The server's phone rule (contracts/user/schemas.ts), not imported: zod stays off the phone.
export const PHONE = /^\+?[0-9][0-9 -]{4,30}$/;

type Namespace = 'selfReg' | 'workerReg';

interface RegFormProps<V> {
  form: FormInstance<V>;
  /** The page's message keys: `<namespace>.realName`, `.required`, `.submit`. */
  namespace: Namespace;
  /** Field names, so the server's field errors show beside their fields. */
  fieldNames: readonly string[];
  /** Sends the registration (silently: a failure is shown here); answers its secret. */
  send: (values: V) => Promise<{ secret: string }>;
  onSubmitted: (secret: string) => void;
  initialValues?: Partial<V>;
  /** The fields after the name. */
  children: ReactNode;
}

/** A phone registration form: the person's name first, the page's fields, and one large submit button. */
export function RegForm<V>({
  form,
  namespace,
  fieldNames,
  send,
  onSubmitted,
  initialValues,
  children,
}: RegFormProps<V>) {
  const { t } = useTranslation();
  const [sending, setSending] = useState(false);
  const submit = async (values: V) => {
    setSending(true);
    try {
      onSubmitted((await send(values)).secret);
    } catch (error) {
      showSubmitFailure(form, error, fieldNames);
    } finally {
      setSending(false);
    }
  };
  return (
    <Form form={form} layout="vertical" onFinish={submit} requiredMark scrollToFirstError initialValues={initialValues}>
      <Form.Item
        name="realName"
        label={t(`${namespace}.realName`)}
        rules={[requiredText(t(`${namespace}.required`, { field: t(`${namespace}.realName`) }))]}
      >
        <Input autoComplete="name" maxLength={64} />
      </Form.Item>
      {children}
      <Button type="primary" htmlType="submit" size="large" block loading={sending}>
        {t(`${namespace}.submit`)}
      </Button>
    </Form>
  );
}

/** The person's mobile number, required. */
export function RegPhoneField({ namespace }: { namespace: Namespace }) {
  const { t } = useTranslation();
  return (
    <Form.Item
      name="phone"
      label={t(`${namespace}.phone`)}
      rules={[
        { required: true, message: t(`${namespace}.required`, { field: t(`${namespace}.phone`) }) },
        { pattern: PHONE, message: t(`${namespace}.phoneInvalid`) },
      ]}
    >
      <Input type="tel" inputMode="tel" autoComplete="tel" />
    </Form.Item>
  );
}

/** A searchable choice among the project's named rows (its teams, its hosts), which may be left empty. */
export function RegChoiceField({
  name,
  label,
  placeholder,
  choices,
  rules,
}: {
  name: string;
  label: string;
  placeholder: string;
  choices: readonly { id: number; name: string }[];
  rules?: Rule[];
}) {
  return (
    <Form.Item name={name} label={label} rules={rules}>
      <Select
        allowClear
        showSearch={{ optionFilterProp: 'label' }}
        placeholder={placeholder}
        options={choices.map((c) => ({ value: c.id, label: c.name }))}
      />
    </Form.Item>
  );
}

/** What a self-registration page's form is given: the link, the project's form as the link answers it, and where the secret goes. */
export interface RegFormPageProps<Info> {
  token: string;
  info: Info;
  onSubmitted: (secret: string) => void;
}
