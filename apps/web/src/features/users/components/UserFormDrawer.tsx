import { useEffect } from 'react';
import { Alert, Form } from 'antd';
import { useTranslation } from 'react-i18next';
import type { Role } from '@siteops/contracts/shared/roles';
import type { UserDetail } from '@siteops/contracts/user/list';
import { agentApi } from '@siteops/contracts/agent/api';
import { userApi } from '@siteops/contracts/user/api';
import { useEndpointQuery } from '@/api/queries';
import { afterReport } from '@/api/reported';
import { useUserWrite } from '@/features/users/userCache';
import { message } from '@/lib/feedback';
import { announceSaved } from '@/components/OneTimePassword';
import { FormDrawer } from '@/components/form/FormDrawer';
import { useDrawerForm } from '@/components/form/useDrawerForm';
import { UserAccountFields } from './UserAccountFields';
import { UserIdentityFields } from './UserIdentityFields';
import { UserPersonalFields } from './UserPersonalFields';
import { UserSocialInfo } from './UserSocialInfo';
import { useUserFormKit } from './useUserFormKit';
import { USER_FORM_FIELDS, bodyOf, valuesOf, type FormValues } from './userFormValues';

export interface UserFormDrawerProps {
  open: boolean;
  /** The user being edited (as the detail call answered it), or undefined to create one. */
  user?: UserDetail;
  /** The caller's role: an agent cannot make admins and has no agent field. */
  callerRole: Role | undefined;
  onClose: () => void;
}

/**
 * Create and edit a user with spec 5's personal-info rules, checked here first and by the server
 * again (its `data.fields` land on the fields). Editing sends only what changed, so the masked ID
 * and card numbers an agent sees are never sent back.
 */
export function UserFormDrawer({ open, user, callerRole, onClose }: UserFormDrawerProps) {
  const { t } = useTranslation();
  const add = useUserWrite(userApi.add);
  const update = useUserWrite(userApi.update);
  const save = (values: FormValues) => {
    const body = bodyOf(values, callerRole === 'admin');
    if (user) {
      const before = bodyOf(valuesOf(user) as FormValues, callerRole === 'admin');
      const changed = Object.fromEntries(
        Object.entries(body).filter(([k, v]) => ((before as Record<string, unknown>)[k] ?? null) !== (v ?? null)),
      );
      return update.mutateAsync({ id: user.id, ...changed });
    }
    // Personal info left blank is left out: the account is created, the info completed later.
    const account = Object.fromEntries(Object.entries(body).filter(([, v]) => v !== '')) as typeof body;
    return add.mutateAsync(account);
  };
  // Without a password the answer to a create carries a one-time one: its dialog is the only message.
  const onSaved = (answer: unknown, values: FormValues) => {
    if (user) message().success(t('common.saveSuccess'));
    else announceSaved(t, answer, values.userName);
  };
  const { form, submit, drawer } = useDrawerForm<FormValues>({ open, onClose }, USER_FORM_FIELDS, save, { onSaved });
  const editing = user !== undefined;
  const role = Form.useWatch('role', form);
  // Only an admin picks the agent (an agent's users always belong to its own agent).
  const agents = useEndpointQuery(
    agentApi.listAll,
    { page: 1, pageSize: 200, sortField: 'name', sortOrder: 'asc' },
    {
      enabled: open && callerRole === 'admin',
    },
  );
  const agentOptions = (agents.data?.list ?? []).map((a) => ({ value: a.id, label: a.name }));
  if (user?.agentId && !agentOptions.some((o) => o.value === user.agentId)) {
    agentOptions.push({ value: user.agentId, label: user.agentName ?? `#${user.agentId}` });
  }

  useEffect(() => {
    if (!open) return;
    form.resetFields();
    form.setFieldsValue(user ? valuesOf(user) : { role: 'user', enabled: 'enable', certification: 'new' });
  }, [open, user, form]);

  const kit = useUserFormKit(user);

  return (
    <FormDrawer {...drawer} title={editing ? t('users.editTitle') : t('users.createTitle')} size={760}>
      <Form form={form} layout="vertical" onFinish={() => void afterReport(submit())} name="user-form">
        <UserAccountFields
          kit={kit}
          editing={editing}
          callerRole={callerRole}
          role={role}
          agentOptions={agentOptions}
          agentsLoading={agents.isFetching}
        />

        {!editing && <Alert style={{ marginBottom: 16 }} type="info" showIcon title={t('users.personalInfoLater')} />}
        <UserPersonalFields kit={kit} />

        <UserIdentityFields kit={kit} user={user} />
      </Form>
      {user && <UserSocialInfo social={user.social} />}
    </FormDrawer>
  );
}
