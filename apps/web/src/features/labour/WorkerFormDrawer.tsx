import { useEffect } from 'react';
import { Checkbox, DatePicker, Form, Input, Select } from 'antd';
import { useTranslation } from 'react-i18next';
import dayjs, { type Dayjs } from 'dayjs';
import { PHONE_PATTERN, SEX } from '@siteops/contracts/user/schemas';
import { parseMainlandId } from '@siteops/contracts/labour/id-card';
import {
  LABOUR_TRADES,
  WORKER_ID_TYPES,
  WORKER_STATUS,
  type LabourTrade,
  type WorkerIdType,
  type WorkerItem,
  type WorkerStatus,
  workerFields,
} from '@siteops/contracts/labour/schemas';
import { FormDrawer } from '@/components/form/FormDrawer';
import { useDrawerForm } from '@/components/form/useDrawerForm';
import { useProjectOptions } from '@/api/ownerOptions';
import { useAddWorker } from './api/addWorker';
import { useUpdateWorker } from './api/updateWorker';
import { useTeams } from './api/listTeams';
import { useSubcontractors } from './api/listSubcontractors';
import { WorkerPhotoUpload } from './WorkerPhotoUpload';
import { TextField } from '@/components/form/TextField';

interface FormValues {
  projectId: number;
  realName: string;
  idType: WorkerIdType;
  idNo?: string;
  phone: string;
  gender?: (typeof SEX)[number] | null;
  birthDate?: Dayjs | null;
  teamId?: number | null;
  trade: LabourTrade;
  subcontractorId?: number | null;
  entryDate: Dayjs;
  exitDate?: Dayjs | null;
  status: WorkerStatus;
  blacklistReason?: string;
  emergencyContact?: string;
  emergencyPhone?: string;
  bankCardNo?: string;
  /** Editing a worker with a registered card: take it off the record (the field alone can only keep or replace it). */
  bankCardRemove?: boolean;
  photo?: string | null;
}

/** The drawer asks for every field a worker's record has: a server field error lands on its field. */
const FIELDS = Object.keys(workerFields);

/** The project's teams or subcontractors to choose from, by name. */
const byName = (named: { isFetching: boolean; data?: { list: { id: number; name: string }[] } }) => ({
  loading: named.isFetching,
  options: (named.data?.list ?? []).map((x) => ({ value: x.id, label: x.name })),
});

const day = (d: Dayjs | null | undefined) => (d ? d.format('YYYY-MM-DD') : null);

function valuesOf(w: WorkerItem): Partial<FormValues> {
  return {
    projectId: w.projectId,
    realName: w.realName,
    idType: w.idType,
    // The list holds the masked number: the field starts empty and an empty field keeps it.
    idNo: undefined,
    phone: w.phone,
    gender: w.gender as FormValues['gender'],
    birthDate: w.birthDate ? dayjs(w.birthDate) : null,
    teamId: w.teamId,
    trade: w.trade,
    subcontractorId: w.subcontractorId,
    entryDate: dayjs(w.entryDate),
    exitDate: w.exitDate ? dayjs(w.exitDate) : null,
    status: w.status,
    blacklistReason: w.blacklistReason ?? undefined,
    emergencyContact: w.emergencyContact ?? undefined,
    emergencyPhone: w.emergencyPhone ?? undefined,
    // Masked in the list too: empty keeps the registered card.
    bankCardNo: undefined,
    photo: w.photo,
  };
}

function bodyOf(v: FormValues) {
  const mainland = v.idType === 'mainland';
  return {
    realName: v.realName,
    idType: v.idType,
    ...(v.idNo ? { idNo: v.idNo } : {}),
    phone: v.phone,
    // A mainland number says both; the server reads them from it.
    ...(mainland ? {} : { gender: v.gender ?? null, birthDate: day(v.birthDate) }),
    teamId: v.teamId ?? null,
    trade: v.trade,
    subcontractorId: v.subcontractorId ?? null,
    entryDate: day(v.entryDate)!,
    exitDate: day(v.exitDate),
    status: v.status,
    blacklistReason: v.status === 'blacklisted' ? (v.blacklistReason ?? '') : '',
    emergencyContact: v.emergencyContact ?? '',
    emergencyPhone: v.emergencyPhone ?? '',
    ...(v.bankCardRemove ? { bankCardNo: null } : v.bankCardNo ? { bankCardNo: v.bankCardNo } : {}),
    photo: v.photo ?? null,
  };
}

export interface WorkerFormDrawerProps {
  open: boolean;
  /** The worker being edited, or undefined to register one. */
  worker?: WorkerItem;
  onClose: () => void;
}

/** Register or edit a worker; the server checks everything again and its field errors land here. */
export function WorkerFormDrawer({ open, worker, onClose }: WorkerFormDrawerProps) {
  const { t } = useTranslation();
  const add = useAddWorker();
  const update = useUpdateWorker();
  const save = (values: FormValues) => {
    const body = bodyOf(values);
    return worker
      ? update.mutateAsync({ id: worker.id, ...body })
      : add.mutateAsync({ projectId: values.projectId, ...body, idNo: values.idNo ?? '' });
  };
  const { form, drawer } = useDrawerForm<FormValues>({ open, onClose }, FIELDS, save);
  const projectId = Form.useWatch('projectId', form);
  const idType = Form.useWatch('idType', form);
  const status = Form.useWatch('status', form);
  const removingCard = Form.useWatch('bankCardRemove', form) === true;
  const projects = useProjectOptions('', open);
  const inProject = { projectId: projectId ?? 0, pageSize: 200 };
  const teams = useTeams(inProject, { enabled: open && projectId !== undefined });
  const employers = useSubcontractors(inProject, { enabled: open && projectId !== undefined });

  useEffect(() => {
    if (!open) return;
    form.resetFields();
    if (worker) form.setFieldsValue(valuesOf(worker));
    else form.setFieldsValue({ idType: 'mainland', status: 'on_site', entryDate: dayjs() });
  }, [open, worker, form]);

  const required = (key: string) => ({ required: true, message: t(`labour.rules.${key}`) });
  const idRule = {
    validator: async (_: unknown, value: string | undefined) => {
      const v = (value ?? '').replace(/\s+/g, '').toUpperCase();
      if (!v || form.getFieldValue('idType') !== 'mainland') return;
      const parsed = parseMainlandId(v);
      if (!parsed.ok) throw new Error(t(`labour.rules.id_${parsed.problem}`));
    },
  };

  return (
    <FormDrawer {...drawer} title={worker ? t('labour.editWorker') : t('labour.createWorker')} size={560}>
      <Form form={form} layout="vertical" name="worker-form">
        <Form.Item name="projectId" label={t('labour.project')} rules={[required('project')]}>
          <Select
            disabled={worker !== undefined}
            showSearch={{ optionFilterProp: 'label' }}
            loading={projects.isFetching}
            options={projects.data ?? []}
            onChange={() => form.setFieldsValue({ teamId: null, subcontractorId: null })}
          />
        </Form.Item>
        <Form.Item name="realName" label={t('labour.realName')} rules={[required('realName')]}>
          <Input maxLength={64} />
        </Form.Item>
        <Form.Item name="idType" label={t('labour.idType')} rules={[required('idType')]}>
          <Select options={WORKER_ID_TYPES.map((v) => ({ value: v, label: t(`labour.idTypes.${v}`) }))} />
        </Form.Item>
        <Form.Item
          name="idNo"
          label={t('labour.idNo')}
          extra={worker ? t('labour.idNoKeep', { masked: worker.idNo }) : undefined}
          rules={[...(worker ? [] : [required('idNo')]), idRule]}
        >
          <Input maxLength={32} autoComplete="off" />
        </Form.Item>
        {idType !== 'mainland' && (
          <>
            <Form.Item name="gender" label={t('labour.gender')}>
              <Select allowClear options={SEX.map((v) => ({ value: v, label: t(`values.sex.${v}`) }))} />
            </Form.Item>
            <Form.Item name="birthDate" label={t('labour.birthDate')}>
              <DatePicker />
            </Form.Item>
          </>
        )}
        <Form.Item
          name="phone"
          label={t('labour.phone')}
          rules={[required('phone'), { pattern: PHONE_PATTERN, message: t('labour.rules.phonePattern') }]}
        >
          <Input maxLength={31} />
        </Form.Item>
        <Form.Item name="trade" label={t('labour.trade')} rules={[required('trade')]}>
          <Select
            showSearch={{ optionFilterProp: 'label' }}
            options={LABOUR_TRADES.map((v) => ({ value: v, label: t(`labour.trades.${v}`) }))}
          />
        </Form.Item>
        <Form.Item name="teamId" label={t('labour.team')}>
          <Select allowClear {...byName(teams)} />
        </Form.Item>
        <Form.Item name="subcontractorId" label={t('labour.subcontractor')}>
          <Select allowClear {...byName(employers)} />
        </Form.Item>
        <Form.Item name="entryDate" label={t('labour.entryDate')} rules={[required('entryDate')]}>
          <DatePicker />
        </Form.Item>
        <Form.Item name="exitDate" label={t('labour.exitDate')}>
          <DatePicker />
        </Form.Item>
        <Form.Item name="status" label={t('labour.status')} rules={[required('status')]}>
          <Select options={WORKER_STATUS.map((v) => ({ value: v, label: t(`labour.statuses.${v}`) }))} />
        </Form.Item>
        {status === 'blacklisted' && (
          <Form.Item name="blacklistReason" label={t('labour.blacklistReason')} rules={[required('blacklistReason')]}>
            <Input.TextArea maxLength={256} rows={2} />
          </Form.Item>
        )}
        <Form.Item name="photo" label={t('labour.photo')}>
          <WorkerPhotoUpload id="worker-form-photo" initialUrl={worker?.photoUrl} />
        </Form.Item>
        <TextField name="emergencyContact" label={t('labour.emergencyContact')} maxLength={64} />
        <TextField name="emergencyPhone" label={t('labour.emergencyPhone')} maxLength={32} />
        <Form.Item
          name="bankCardNo"
          label={t('labour.bankCardNo')}
          extra={
            worker?.bankCardNo ? t('labour.bankCardKeep', { masked: worker.bankCardNo }) : t('labour.bankCardHint')
          }
          rules={[{ pattern: /^[\d\s-]*$/, message: t('labour.bankCardFormat') }]}
        >
          <Input maxLength={32} autoComplete="off" inputMode="numeric" disabled={removingCard} />
        </Form.Item>
        {worker?.bankCardNo ? (
          <Form.Item name="bankCardRemove" valuePropName="checked" style={{ marginTop: -8 }}>
            <Checkbox>{t('labour.bankCardRemove')}</Checkbox>
          </Form.Item>
        ) : null}
      </Form>
    </FormDrawer>
  );
}
