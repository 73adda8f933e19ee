import { Form, Input, Radio, Select } from 'antd';
import { useTranslation } from 'react-i18next';
import { labourApi } from '@siteops/contracts/labour/api';
import type { WorkerSelfRegForm } from '@siteops/contracts/labour/self-reg';
import { LABOUR_TRADES, WORKER_ID_TYPES } from '@siteops/contracts/labour/schemas';
import { call } from '@/api/endpoint';
import { FacePhoto } from '@/components/selfreg/FacePhoto';
import { PHONE, RegChoiceField, RegForm, RegPhoneField, type RegFormPageProps } from '@/components/selfreg/RegForm';
import { workerSelfRegBody, type WorkerRegValues } from './workerSelfRegBody';
import { TextField } from '@/components/form/TextField';

const FIELDS = [
  'realName',
  'idType',
  'idNo',
  'phone',
  'gender',
  'birthDate',
  'trade',
  'teamId',
  'photo',
  'emergencyContact',
  'emergencyPhone',
];
// A mainland ID's shape; the check digit is the server's.
const MAINLAND_ID = /^\s*\d{6}\s*\d{8}\s*\d{3}[\dXx]\s*$/;

/** A worker's registration form: who it is, its trade and team, its face, whom to call. */
export function WorkerRegForm({ token, info, onSubmitted }: RegFormPageProps<WorkerSelfRegForm>) {
  const { t } = useTranslation();
  const [form] = Form.useForm<WorkerRegValues>();
  const idType = Form.useWatch('idType', form) ?? 'mainland';
  const required = (field: string) => ({ required: true, message: t('workerReg.required', { field }) });

  return (
    <RegForm
      form={form}
      namespace="workerReg"
      fieldNames={FIELDS}
      send={(values) => call(labourApi.selfRegSubmit, workerSelfRegBody(token, values), { silent: true })}
      onSubmitted={onSubmitted}
      initialValues={{ idType: 'mainland' }}
    >
      <Form.Item name="idType" label={t('workerReg.idType')} rules={[required(t('workerReg.idType'))]}>
        <Select options={WORKER_ID_TYPES.map((v) => ({ value: v, label: t(`workerReg.idTypes.${v}`) }))} />
      </Form.Item>
      <Form.Item
        name="idNo"
        label={t('workerReg.idNo')}
        rules={[
          required(t('workerReg.idNo')),
          ...(idType === 'mainland' ? [{ pattern: MAINLAND_ID, message: t('workerReg.idNoInvalid') }] : []),
        ]}
      >
        <Input autoComplete="off" maxLength={32} inputMode={idType === 'mainland' ? 'numeric' : 'text'} />
      </Form.Item>
      {idType !== 'mainland' ? (
        <>
          <Form.Item name="gender" label={t('workerReg.gender')}>
            <Radio.Group
              options={(['male', 'female'] as const).map((g) => ({ value: g, label: t(`workerReg.genders.${g}`) }))}
            />
          </Form.Item>
          <Form.Item name="birthDate" label={t('workerReg.birthDate')}>
            <Input type="date" />
          </Form.Item>
        </>
      ) : null}
      <RegPhoneField namespace="workerReg" />
      <Form.Item name="trade" label={t('workerReg.trade')} rules={[required(t('workerReg.trade'))]}>
        <Select
          showSearch={{ optionFilterProp: 'label' }}
          placeholder={t('workerReg.tradePlaceholder')}
          options={LABOUR_TRADES.map((v) => ({ value: v, label: t(`workerReg.trades.${v}`) }))}
        />
      </Form.Item>
      {info.teams.length > 0 ? (
        <RegChoiceField
          name="teamId"
          label={t('workerReg.team')}
          placeholder={t('workerReg.teamPlaceholder')}
          choices={info.teams}
        />
      ) : null}
      <Form.Item name="photo" label={t('workerReg.photo')} rules={[required(t('workerReg.photo'))]}>
        <FacePhoto token={token} endpoint={labourApi.selfRegPhoto} />
      </Form.Item>
      <TextField name="emergencyContact" label={t('workerReg.emergencyContact')} maxLength={64} />
      <Form.Item
        name="emergencyPhone"
        label={t('workerReg.emergencyPhone')}
        rules={[{ pattern: PHONE, message: t('workerReg.phoneInvalid') }]}
      >
        <Input type="tel" inputMode="tel" maxLength={32} />
      </Form.Item>
    </RegForm>
  );
}
