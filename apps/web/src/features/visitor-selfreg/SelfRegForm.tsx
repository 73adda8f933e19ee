import { Alert, Checkbox, Form, Input, Radio, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import type { VisitorOptionalField } from '@siteops/contracts/visitor/schemas';
import type { SelfRegForm as FormInfo } from '@siteops/contracts/visitor/self-registration';
import { visitorApi } from '@siteops/contracts/visitor/api';
import { call } from '@/api/endpoint';
import { FacePhoto } from '@/components/selfreg/FacePhoto';
import { RegChoiceField, RegForm, RegPhoneField, type RegFormPageProps } from '@/components/selfreg/RegForm';

interface Values {
  realName: string;
  phone: string;
  sex?: 'male' | 'female';
  idNo?: string;
  userId?: number;
  reasons?: string;
  address?: string;
  /** A datetime-local value, in the phone's time zone. */
  visitStart?: string;
  avatar?: string | null;
  noticeRead?: boolean;
}

const FIELDS = ['realName', 'phone', 'sex', 'idNo', 'userId', 'reasons', 'address', 'visitStart', 'avatar'];
const SEXES = ['male', 'female'] as const;

/** The registration form, as the project's configuration asks for it. */
export function SelfRegForm({ token, info, onSubmitted }: RegFormPageProps<FormInfo>) {
  const { t } = useTranslation();
  const [form] = Form.useForm<Values>();
  const required = (f: VisitorOptionalField) => info.requiredFields.includes(f);
  const rule = (f: VisitorOptionalField, label: string) =>
    required(f) ? [{ required: true, message: t('selfReg.required', { field: label }) }] : [];

  const send = ({ noticeRead: _read, visitStart, ...fields }: Values) =>
    call(
      visitorApi.selfRegSubmit,
      {
        token,
        ...fields,
        avatar: fields.avatar || undefined,
        visitStart: visitStart ? new Date(visitStart).toISOString() : undefined,
      },
      { silent: true },
    );

  return (
    <RegForm form={form} namespace="selfReg" fieldNames={FIELDS} send={send} onSubmitted={onSubmitted}>
      <RegPhoneField namespace="selfReg" />
      <Form.Item name="avatar" label={t('selfReg.photo')} rules={rule('avatar', t('selfReg.photo'))}>
        <FacePhoto token={token} endpoint={visitorApi.selfRegPhoto} />
      </Form.Item>
      {info.hosts.length > 0 || required('userId') ? (
        <RegChoiceField
          name="userId"
          label={t('selfReg.host')}
          placeholder={t('selfReg.hostPlaceholder')}
          choices={info.hosts}
          rules={rule('userId', t('selfReg.host'))}
        />
      ) : null}
      <Form.Item name="sex" label={t('selfReg.sex')} rules={rule('sex', t('selfReg.sex'))}>
        <Radio.Group options={SEXES.map((s) => ({ value: s, label: t(`values.sex.${s}`) }))} />
      </Form.Item>
      <Form.Item name="idNo" label={t('selfReg.idNo')} rules={rule('idNo', t('selfReg.idNo'))}>
        <Input autoComplete="off" maxLength={32} />
      </Form.Item>
      <Form.Item name="reasons" label={t('selfReg.reasons')} rules={rule('reasons', t('selfReg.reasons'))}>
        <Input maxLength={256} />
      </Form.Item>
      <Form.Item name="address" label={t('selfReg.address')} rules={rule('address', t('selfReg.address'))}>
        <Input autoComplete="street-address" maxLength={256} />
      </Form.Item>
      <Form.Item
        name="visitStart"
        label={t('selfReg.visitStart')}
        extra={t('selfReg.visitStartHint', { hours: info.defaultVisitHours })}
      >
        <Input type="datetime-local" />
      </Form.Item>
      {info.notice ? (
        <>
          <Alert
            type="info"
            title={t('selfReg.notice')}
            description={<Typography.Text style={{ whiteSpace: 'pre-wrap' }}>{info.notice}</Typography.Text>}
            style={{ marginBottom: 12 }}
          />
          <Form.Item
            name="noticeRead"
            valuePropName="checked"
            rules={[
              {
                validator: (_, read: boolean | undefined) =>
                  read ? Promise.resolve() : Promise.reject(new Error(t('selfReg.noticeRequired'))),
              },
            ]}
          >
            <Checkbox>{t('selfReg.noticeRead')}</Checkbox>
          </Form.Item>
        </>
      ) : null}
    </RegForm>
  );
}
