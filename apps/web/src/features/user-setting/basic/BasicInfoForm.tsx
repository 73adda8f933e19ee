import { useMemo } from 'react';
import { DatePicker, Form, Input, Select, Spin } from 'antd';
import { useTranslation } from 'react-i18next';
import { useQueryClient } from '@tanstack/react-query';
import dayjs, { type Dayjs } from 'dayjs';
import { INTRODUCTION_MAX, PHONE_PATTERN, SEX, UPDATE_SELF_FIELDS } from '@siteops/contracts/user/schemas';
import { userApi } from '@siteops/contracts/user/api';
import { endpointQuery, useEndpointMutation, useEndpointQuery } from '@/api/queries';
import { afterReport } from '@/api/reported';
import { AvatarUpload } from '@/components/upload/AvatarUpload';
import { fieldErrorsOf } from '@/components/form/formKit';
import { message } from '@/lib/feedback';
import { useUserStore } from '@/stores/user';
import { SubmitRow } from '@/components/form/SubmitRow';

type Values = Partial<Record<(typeof UPDATE_SELF_FIELDS)[number], string | null>>;
/** Spec 5's required personal-info fields that a user edits itself. */
const REQUIRED = ['realName', 'nickName', 'sex', 'birthday', 'phone', 'email', 'nation', 'country', 'area'] as const;

/**
 * The basic-info tab (spec 2, 5): the caller's own profile with spec 5's required fields, the
 * introduction at most 200 characters and the avatar upload. Only changed fields are sent; the server's
 * field messages land beside their fields.
 */
export function BasicInfoForm() {
  const { t } = useTranslation();
  const client = useQueryClient();
  const info = useUserStore((s) => s.info);
  const setInfo = useUserStore((s) => s.setInfo);
  const me = useEndpointQuery(userApi.detail, { id: info?.id ?? 0 }, { enabled: Boolean(info) });
  const save = useEndpointMutation(userApi.updateSelf);
  const [form] = Form.useForm<Values>();
  const label = (field: string) => t(`userBasic.field.${field}`);

  const initial = useMemo(() => {
    const data = me.data;
    return data ? (Object.fromEntries(UPDATE_SELF_FIELDS.map((f) => [f, data[f] ?? undefined])) as Values) : null;
  }, [me.data]);

  if (!initial) return <Spin style={{ display: 'block', margin: '24px auto' }} />;

  const submit = async () => {
    const values = await form.validateFields();
    const changed = Object.fromEntries(
      Object.entries(values).filter(
        ([k, v]) => v !== undefined && (initial[k as keyof Values] ?? null) !== (v ?? null),
      ),
    );
    try {
      await save.mutateAsync(changed);
    } catch (error) {
      form.setFields(fieldErrorsOf(error, UPDATE_SELF_FIELDS) as never);
      throw error;
    }
    message().success(t('common.saveSuccess'));
    // The navbar and the greeting read the signed-in user's info.
    setInfo(await client.fetchQuery({ ...endpointQuery(userApi.info, {}), staleTime: 0 }));
  };

  const required = (field: string) => ({
    required: true,
    whitespace: true,
    message: t('userBasic.required', { field: label(field) }),
  });
  const max = (field: string, n: number) => ({
    max: n,
    message: t('userBasic.tooLong', { field: label(field), max: n }),
  });
  const rules = (field: string, n: number) => [
    ...((REQUIRED as readonly string[]).includes(field) ? [required(field)] : []),
    max(field, n),
  ];
  const textField = (field: string, n: number) => (
    <Form.Item name={field} label={label(field)} rules={rules(field, n)}>
      <Input />
    </Form.Item>
  );

  return (
    <Form<Values>
      form={form}
      initialValues={initial}
      layout="vertical"
      style={{ maxWidth: 560 }}
      onFinish={() => void afterReport(submit())}
    >
      <Form.Item name="avatar" label={label('avatar')} htmlFor="basic-info-avatar">
        <AvatarUpload id="basic-info-avatar" initialUrl={me.data?.avatarUrl} />
      </Form.Item>
      {textField('realName', 64)}
      {textField('nickName', 64)}
      <Form.Item name="sex" label={label('sex')} rules={[required('sex')]}>
        <Select options={SEX.map((s) => ({ value: s, label: t(`values.sex.${s}`) }))} />
      </Form.Item>
      <Form.Item
        name="birthday"
        label={label('birthday')}
        rules={[required('birthday')]}
        // The form holds the API's YYYY-MM-DD text; the picker gets and gives dayjs.
        getValueProps={(v?: string) => ({ value: v ? dayjs(v) : undefined })}
        normalize={(d?: Dayjs | null) => (d ? d.format('YYYY-MM-DD') : undefined)}
      >
        <DatePicker style={{ width: '100%' }} disabledDate={(d) => d.isAfter(dayjs(), 'day')} />
      </Form.Item>
      <Form.Item
        name="phone"
        label={label('phone')}
        rules={[required('phone'), { pattern: PHONE_PATTERN, message: t('userBasic.badPhone') }]}
      >
        <Input />
      </Form.Item>
      <Form.Item
        name="email"
        label={label('email')}
        rules={[required('email'), { type: 'email', message: t('userBasic.badEmail') }]}
      >
        <Input />
      </Form.Item>
      {textField('nation', 64)}
      {textField('country', 64)}
      {textField('area', 128)}
      {textField('address', 256)}
      <Form.Item name="introduction" label={label('introduction')} rules={rules('introduction', INTRODUCTION_MAX)}>
        <Input.TextArea autoSize={{ minRows: 3, maxRows: 6 }} showCount />
      </Form.Item>
      <SubmitRow loading={save.isPending}>{t('common.save')}</SubmitRow>
    </Form>
  );
}
