import { Divider, Form, Input, Row, Select } from 'antd';
import { ROLES, type Role } from '@siteops/contracts/shared/roles';
import { USERNAME_PATTERN } from '@siteops/contracts/user/schemas';
import { optionsOf } from '@/features/users/userOptions';
import { col, type UserFormKit } from './useUserFormKit';
import { passwordPolicyRule } from '@/components/form/passwordRule';

export interface UserAccountFieldsProps {
  kit: UserFormKit;
  editing: boolean;
  /** The caller's role: an agent cannot make admins and has no agent field. */
  callerRole: Role | undefined;
  /** The role the form holds now: an agent user must name its agent. */
  role: Role | undefined;
  agentOptions: { value: number; label: string }[];
  agentsLoading: boolean;
}

/** The user form's account section: sign-in name, first password, role, agent and status. */
export function UserAccountFields({
  kit,
  editing,
  callerRole,
  role,
  agentOptions,
  agentsLoading,
}: UserAccountFieldsProps) {
  const { t, label, required, pattern } = kit;
  const options = optionsOf(t);
  return (
    <>
      <Divider titlePlacement="start">{t('users.account')}</Divider>
      <Row gutter={16}>
        {col(
          <Form.Item
            name="userName"
            label={label('userName')}
            rules={[required('userName'), pattern(USERNAME_PATTERN, 'badUserName', (v) => v.trim())]}
          >
            <Input autoComplete="off" />
          </Form.Item>,
        )}
        {!editing &&
          col(
            <Form.Item
              name="password"
              label={label('password')}
              extra={t('users.passwordHint')}
              rules={[passwordPolicyRule(t)]}
            >
              <Input.Password autoComplete="new-password" />
            </Form.Item>,
          )}
        {col(
          <Form.Item name="role" label={label('role')} rules={[required('role', 'requiredPick')]}>
            <Select
              options={ROLES.filter((r) => callerRole === 'admin' || r !== 'admin').map((r) => ({
                value: r,
                label: t(`role.${r}`),
              }))}
            />
          </Form.Item>,
        )}
        {callerRole === 'admin' &&
          col(
            <Form.Item
              name="agentId"
              label={label('agentName')}
              rules={role === 'agent' ? [{ required: true, message: t('users.agentRequired') }] : []}
            >
              <Select
                allowClear
                showSearch={{ optionFilterProp: 'label' }}
                loading={agentsLoading}
                options={agentOptions}
              />
            </Form.Item>,
          )}
        {col(
          <Form.Item name="enabled" label={label('enabled')}>
            <Select options={options.enabled} />
          </Form.Item>,
        )}
        {col(
          <Form.Item name="certification" label={label('certification')}>
            <Select options={options.certification} />
          </Form.Item>,
        )}
      </Row>
    </>
  );
}
