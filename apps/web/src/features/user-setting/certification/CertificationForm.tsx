import { Form, Input, Select } from 'antd';
import type { Rule } from 'antd/es/form';
import { useTranslation } from 'react-i18next';
import { certificationApi } from '@siteops/contracts/certification/api';
import {
  ACCOUNT_TYPES,
  ENTERPRISE_CERT_TYPES,
  LEGAL_ID_TYPES,
  ORG_CODE_PATTERN,
  type SubmitCertificationInput,
} from '@siteops/contracts/certification/schemas';
import { ID_NO_PATTERN } from '@siteops/contracts/user/schemas';
import { useEndpointMutation } from '@/api/queries';
import { ModalForm } from '@/components/form/ModalForm';
import { message } from '@/lib/feedback';

const FIELDS = [
  'accountType',
  'legalPersonName',
  'legalIdType',
  'legalIdNo',
  'enterpriseName',
  'enterpriseCertType',
  'organisationCode',
] as const;

/** A constant: ModalForm resets the form whenever its initial values change identity. */
const DEFAULTS: Partial<SubmitCertificationInput> = {
  accountType: 'enterprise',
  legalIdType: 'idCard',
  enterpriseCertType: 'businessLicence',
};

/**
 * The enterprise certification form (spec 3), for a first certification or a change of subject. The
 * server's field messages land beside the fields; the legal ID number is sent in full and never shown
 * back unmasked.
 */
export function CertificationForm({
  open,
  changeSubject,
  onClose,
}: {
  open: boolean;
  changeSubject: boolean;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const submit = useEndpointMutation(certificationApi.submit);
  const label = (key: string) => t(`certification.field.${key}`);
  const required = (key: string) => ({
    required: true,
    message: t('certificationTab.required', { field: label(key) }),
  });
  // Every field is required (and checked by `more`) and labelled by its name.
  const field = (name: keyof SubmitCertificationInput, ...more: Rule[]) => ({
    name,
    label: label(name),
    rules: [required(name), ...more],
  });
  const options = (group: string, values: readonly string[]) =>
    values.map((v) => ({ value: v, label: t(`certification.${group}.${v}`) }));
  const pattern = (re: RegExp, strip: RegExp, key: string) => ({
    validator: async (_: unknown, value: string | undefined) => {
      if (value && !re.test(value.replace(strip, '').toUpperCase())) throw new Error(t(key));
    },
  });

  return (
    <ModalForm<SubmitCertificationInput>
      open={open}
      title={t(changeSubject ? 'certificationTab.changeSubject' : 'certificationTab.certify')}
      initialValues={DEFAULTS}
      fieldNames={FIELDS}
      onSubmit={(values) => submit.mutateAsync(values)}
      onSaved={() => message().success(t('certificationTab.submitted'))}
      onClose={onClose}
    >
      <Form.Item {...field('accountType')}>
        <Select options={options('accountType', ACCOUNT_TYPES)} />
      </Form.Item>
      <Form.Item {...field('legalPersonName')}>
        <Input maxLength={64} autoComplete="off" />
      </Form.Item>
      <Form.Item {...field('legalIdType')}>
        <Select options={options('legalIdType', LEGAL_ID_TYPES)} />
      </Form.Item>
      <Form.Item {...field('legalIdNo', pattern(ID_NO_PATTERN, /\s+/g, 'certificationTab.legalIdNoInvalid'))}>
        <Input maxLength={40} autoComplete="off" />
      </Form.Item>
      <Form.Item {...field('enterpriseName')}>
        <Input maxLength={128} />
      </Form.Item>
      <Form.Item {...field('enterpriseCertType')}>
        <Select options={options('enterpriseCertType', ENTERPRISE_CERT_TYPES)} />
      </Form.Item>
      <Form.Item
        {...field('organisationCode', pattern(ORG_CODE_PATTERN, /[\s-]+/g, 'certificationTab.organisationCodeInvalid'))}
        extra={t('certificationTab.organisationCodeHint')}
      >
        <Input maxLength={40} autoComplete="off" />
      </Form.Item>
    </ModalForm>
  );
}
