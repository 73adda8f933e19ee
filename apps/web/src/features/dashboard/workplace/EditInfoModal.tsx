import { useMemo } from 'react';
import { DatePicker, Form, Input, Select } from 'antd';
import { useTranslation } from 'react-i18next';
import { useQueryClient } from '@tanstack/react-query';
import dayjs, { type Dayjs } from 'dayjs';
import { INTRODUCTION_MAX, PHONE_PATTERN, SEX, UPDATE_SELF_FIELDS } from '@siteops/contracts/user/schemas';
import type { UserDetail } from '@siteops/contracts/user/list';
import { userApi } from '@siteops/contracts/user/api';
import { endpointQuery, useEndpointMutation } from '@/api/queries';
import { ModalForm } from '@/components/form/ModalForm';
import { useUserStore } from '@/stores/user';
import { AvatarUpload } from '@/components/upload/AvatarUpload';
import { blankNulls } from '@/lib/formValues';
import { requiredText } from '@/components/form/rules';

interface FormValues {
  realName?: string;
  sex?: string;
  birthday?: string;
  phone?: string;
  email?: string;
  address?: string;
  introduction?: string;
  avatar?: string | null;
}

/**
 * "Edit info" of the overview, for every role: the caller's own safe fields only (the server's
 * refuses anything else on your own profile). Only changed fields are sent.
 */
export function EditInfoModal({
  me,
  open,
  onClose,
}: {
  me: UserDetail | undefined;
  open: boolean;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const client = useQueryClient();
  const setInfo = useUserStore((s) => s.setInfo);
  // The overview and lists show the name too: the whole user module refreshes.
  const save = useEndpointMutation(userApi.updateSelf);
  const tr = (key: string, options?: Record<string, unknown>) => t(`workplaceOverview.${key}`, options);

  const initial = useMemo<FormValues | undefined>(
    () =>
      me && {
        ...blankNulls(me, ['realName', 'sex', 'birthday', 'phone', 'email', 'address', 'introduction']),
        avatar: me.avatar,
      },
    [me],
  );

  const submit = async (values: FormValues) => {
    const body: Record<string, unknown> = { ...values };
    const before: Record<string, unknown> = { ...initial };
    const changed = Object.fromEntries(
      Object.entries(body).filter(([k, v]) => v !== undefined && (before[k] ?? null) !== (v ?? null)),
    );
    await save.mutateAsync(changed);
    // The greeting, the navbar and the avatar read the signed-in user's info.
    setInfo(await client.fetchQuery({ ...endpointQuery(userApi.info, {}), staleTime: 0 }));
  };

  const max = (field: string, n: number) => ({ max: n, message: tr('tooLong', { field: tr(field), max: n }) });

  return (
    <ModalForm<FormValues>
      open={open}
      title={tr('editInfoTitle')}
      initialValues={initial}
      fieldNames={UPDATE_SELF_FIELDS}
      onSubmit={submit}
      onClose={onClose}
    >
      <Form.Item
        name="realName"
        label={tr('realName')}
        rules={[requiredText(tr('required', { field: tr('realName') })), max('realName', 64)]}
      >
        <Input />
      </Form.Item>
      <Form.Item name="sex" label={tr('sex')}>
        <Select options={SEX.map((s) => ({ value: s, label: t(`values.sex.${s}`) }))} />
      </Form.Item>
      <Form.Item
        name="birthday"
        label={tr('birthday')}
        // The form holds the API's YYYY-MM-DD text; the picker gets and gives dayjs.
        getValueProps={(v?: string) => ({ value: v ? dayjs(v) : undefined })}
        normalize={(d?: Dayjs | null) => (d ? d.format('YYYY-MM-DD') : undefined)}
      >
        <DatePicker style={{ width: '100%' }} disabledDate={(d) => d.isAfter(dayjs(), 'day')} />
      </Form.Item>
      <Form.Item name="phone" label={tr('phone')} rules={[{ pattern: PHONE_PATTERN, message: tr('badPhone') }]}>
        <Input />
      </Form.Item>
      <Form.Item name="email" label={tr('email')} rules={[{ type: 'email', message: tr('badEmail') }]}>
        <Input />
      </Form.Item>
      <Form.Item name="address" label={tr('address')} rules={[max('address', 256)]}>
        <Input />
      </Form.Item>
      <Form.Item name="introduction" label={tr('introduction')} rules={[max('introduction', INTRODUCTION_MAX)]}>
        <Input.TextArea autoSize={{ minRows: 2, maxRows: 6 }} showCount />
      </Form.Item>
      <Form.Item name="avatar" label={tr('avatar')} htmlFor="edit-info-avatar">
        <AvatarUpload id="edit-info-avatar" initialUrl={me?.avatarUrl} />
      </Form.Item>
    </ModalForm>
  );
}
