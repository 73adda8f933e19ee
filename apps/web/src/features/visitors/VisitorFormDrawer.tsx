import { useEffect } from 'react';
import { Alert, DatePicker, Form, Input, Select } from 'antd';
import { useTranslation } from 'react-i18next';
import dayjs, { type Dayjs } from 'dayjs';
import { ID_NO_PATTERN, PHONE_PATTERN, SEX } from '@siteops/contracts/user/schemas';
import { DEFAULT_VISIT_HOURS, type VisitorItem } from '@siteops/contracts/visitor/schemas';
import { projectApi } from '@siteops/contracts/project/api';
import { visitorApi } from '@siteops/contracts/visitor/api';
import { useEndpointMutation, useEndpointQuery } from '@/api/queries';
import type { FieldError } from '@/components/form/formKit';
import { FormDrawer } from '@/components/form/FormDrawer';
import { useDrawerForm } from '@/components/form/useDrawerForm';
import { ProjectSelect } from '@/components/pickers/ProjectSelect';
import { PhotoUpload } from './PhotoUpload';
import { TextField } from '@/components/form/TextField';

interface FormValues {
  projectId: number;
  realName: string;
  phone: string;
  sex?: (typeof SEX)[number] | null;
  idNo?: string;
  visit: [Dayjs, Dayjs];
  userId?: number | null;
  reasons?: string;
  address?: string;
  avatar?: string | null;
}

/** Form fields, and the API fields whose errors land on them (`visitStart`/`visitEnd` on the range). */
const FIELDS = ['projectId', 'realName', 'phone', 'sex', 'idNo', 'visit', 'userId', 'reasons', 'address', 'avatar'];
const onForm = (errors: FieldError[]) =>
  errors.map((e) => (e.name === 'visitStart' || e.name === 'visitEnd' ? { ...e, name: 'visit' } : e));

function valuesOf(v: VisitorItem): Partial<FormValues> {
  return {
    projectId: v.projectId,
    realName: v.realName,
    phone: v.phone,
    sex: v.sex as FormValues['sex'],
    // The list holds the masked number: the field starts empty and an empty field keeps it.
    idNo: undefined,
    visit: [dayjs(v.visitStart), dayjs(v.visitEnd)],
    userId: v.userId,
    reasons: v.reasons ?? undefined,
    address: v.address ?? undefined,
    avatar: v.avatar,
  };
}

function bodyOf(values: FormValues) {
  const { visit, idNo, ...rest } = values;
  return {
    ...rest,
    sex: rest.sex ?? null,
    userId: rest.userId ?? null,
    avatar: rest.avatar ?? null,
    reasons: rest.reasons ?? '',
    address: rest.address ?? '',
    visitStart: visit[0].toISOString(),
    visitEnd: visit[1].toISOString(),
    ...(idNo ? { idNo } : {}),
  };
}

export interface VisitorFormDrawerProps {
  open: boolean;
  /** The visitor being edited, or undefined to register one. */
  visitor?: VisitorItem;
  onClose: () => void;
}

/** Register or edit a visitor; the server checks everything again and its field errors land here. */
export function VisitorFormDrawer({ open, visitor, onClose }: VisitorFormDrawerProps) {
  const { t } = useTranslation();
  const add = useEndpointMutation(visitorApi.add);
  const update = useEndpointMutation(visitorApi.update);
  const save = (values: FormValues) => {
    const body = bodyOf(values);
    return visitor ? update.mutateAsync({ id: visitor.id, ...body }) : add.mutateAsync(body);
  };
  const { form, drawer } = useDrawerForm<FormValues>({ open, onClose }, [...FIELDS, 'visitStart', 'visitEnd'], save, {
    placeErrors: onForm,
  });
  const projectId = Form.useWatch('projectId', form);
  const members = useEndpointQuery(
    projectApi.members,
    { projectId: projectId ?? 0, pageSize: 200 },
    { enabled: open && projectId !== undefined },
  );

  useEffect(() => {
    if (!open) return;
    form.resetFields();
    if (visitor) form.setFieldsValue(valuesOf(visitor));
    else {
      const start = dayjs().startOf('minute');
      form.setFieldsValue({ visit: [start, start.add(DEFAULT_VISIT_HOURS, 'hour')] });
    }
  }, [open, visitor, form]);

  const required = (key: string) => ({ required: true, message: t(`visitors.rules.${key}`) });

  return (
    <FormDrawer {...drawer} title={visitor ? t('visitors.editTitle') : t('visitors.createTitle')} size={560}>
      {visitor && visitor.status !== 'new' ? (
        <Alert type="info" showIcon title={t('visitors.backToPending')} style={{ marginBottom: 16 }} />
      ) : null}
      <Form form={form} layout="vertical" name="visitor-form">
        <Form.Item name="projectId" label={t('visitors.project')} rules={[required('projectRequired')]}>
          <ProjectSelect
            placeholder={t('visitors.projectPlaceholder')}
            current={visitor ? { value: visitor.projectId, label: visitor.projectName } : undefined}
            onChange={() => form.setFieldValue('userId', null)}
          />
        </Form.Item>
        <Form.Item name="realName" label={t('visitors.realName')} rules={[required('realNameRequired')]}>
          <Input maxLength={64} />
        </Form.Item>
        <Form.Item
          name="phone"
          label={t('visitors.phone')}
          rules={[
            required('phoneRequired'),
            { pattern: PHONE_PATTERN, message: t('visitors.rules.phoneInvalid'), transform: (v: string) => v?.trim() },
          ]}
        >
          <Input maxLength={32} />
        </Form.Item>
        <Form.Item name="sex" label={t('visitors.sex')}>
          <Select allowClear options={SEX.map((s) => ({ value: s, label: t(`values.sex.${s}`) }))} />
        </Form.Item>
        <Form.Item
          name="idNo"
          label={t('visitors.idNo')}
          extra={visitor?.idNo ? `${visitor.idNo} · ${t('visitors.idNoKeep')}` : undefined}
          rules={[
            {
              pattern: ID_NO_PATTERN,
              message: t('visitors.rules.idNoInvalid'),
              transform: (v: string) => v?.replace(/\s+/g, '').toUpperCase(),
            },
          ]}
        >
          <Input maxLength={40} autoComplete="off" />
        </Form.Item>
        <Form.Item name="visit" label={t('visitors.visit')} rules={[required('visitRequired')]}>
          <DatePicker.RangePicker showTime={{ format: 'HH:mm' }} format="YYYY-MM-DD HH:mm" style={{ width: '100%' }} />
        </Form.Item>
        <Form.Item name="userId" label={t('visitors.host')}>
          <Select
            allowClear
            showSearch={{ optionFilterProp: 'label' }}
            placeholder={t('visitors.hostPlaceholder')}
            disabled={projectId === undefined}
            loading={members.isFetching}
            options={(members.data?.list ?? []).map((m) => ({
              value: m.userId,
              label: [m.userName, m.realName].filter(Boolean).join(' · '),
            }))}
          />
        </Form.Item>
        <Form.Item name="reasons" label={t('visitors.reasons')}>
          <Input.TextArea maxLength={256} autoSize={{ minRows: 2, maxRows: 4 }} />
        </Form.Item>
        <TextField name="address" label={t('visitors.address')} maxLength={256} />
        <Form.Item name="avatar" label={t('visitors.avatar')}>
          <PhotoUpload id="visitor-form-avatar" initialUrl={visitor?.avatarUrl} />
        </Form.Item>
      </Form>
    </FormDrawer>
  );
}
