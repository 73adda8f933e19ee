import type { ReactNode } from 'react';
import { Col, Form, Input } from 'antd';
import type { Rule } from 'antd/es/form';
import { useTranslation } from 'react-i18next';
import { IMAGE_FIELDS, type ImageField } from '@siteops/contracts/file/schemas';
import type { UserDetail } from '@siteops/contracts/user/list';
import { ImageUpload } from './ImageUpload';

/** A field in half a row on wide screens, in the whole row on narrow ones. */
export const col = (node: ReactNode) => (
  <Col xs={24} md={12}>
    {node}
  </Col>
);

/** The user form's labels, validation rules and image fields, in the current language. */
export function useUserFormKit(user: UserDetail | undefined) {
  const { t } = useTranslation();
  const label = (field: string) => t(`users.${field}`);
  const required = (field: string, kind: 'required' | 'requiredPick' | 'requiredUpload' = 'required'): Rule => ({
    required: true,
    whitespace: kind === 'required',
    message: t(`users.${kind}`, { field: label(field) }),
  });
  const max = (field: string, n: number): Rule => ({
    max: n,
    message: t('users.tooLong', { field: label(field), max: n }),
  });
  // The masked ID/card numbers an agent's form holds pass as they are: unchanged, they are not sent.
  const masked = new Set([user?.revealed === false ? user.idNo : null, user?.revealed === false ? user.cardNo : null]);
  const pattern = (re: RegExp, key: string, normalise: (v: string) => string = (v) => v): Rule => ({
    validator: (_, v?: string) =>
      !v || masked.has(v) || re.test(normalise(v)) ? Promise.resolve() : Promise.reject(new Error(t(`users.${key}`))),
  });
  const image = (field: ImageField, isRequired: boolean) => (
    <Form.Item
      name={field}
      label={label(field)}
      rules={isRequired ? personal(required(field, 'requiredUpload')) : []}
      htmlFor={`user-form-${field}`}
    >
      <ImageUpload
        id={`user-form-${field}`}
        kind={IMAGE_FIELDS[field]}
        label={label(field)}
        initialUrl={user ? user[`${field}Url` as const] : null}
      />
    </Form.Item>
  );
  // Spec 5's personal info is required of the person, not of the account: creating an account it may
  // be left out, to be completed by the user or later by the admin (decision 0024); editing, it is kept.
  const personal = (rule: Rule): Rule[] => (user ? [rule] : []);
  // A line of text of at most `n` characters, required (or, `personalInfo`, required once completed).
  const requiredText = (field: string, n: number, personalInfo = true) => (
    <Form.Item
      name={field}
      label={label(field)}
      rules={[...(personalInfo ? personal(required(field)) : [required(field)]), max(field, n)]}
    >
      <Input />
    </Form.Item>
  );
  return { t, label, required, personal, max, pattern, image, requiredText };
}

export type UserFormKit = ReturnType<typeof useUserFormKit>;
