import { useMemo } from 'react';
import { Checkbox, Col, DatePicker, Divider, Form, Input, InputNumber, Row, Select, Typography } from 'antd';
import type { FormItemProps } from 'antd';
import { useTranslation } from 'react-i18next';
import { AGENT_STATUS, type AgentItem } from '@siteops/contracts/agent/schemas';
import { INTRODUCTION_MAX, PHONE_PATTERN, USERNAME_PATTERN, USER_ENABLED } from '@siteops/contracts/user/schemas';
import { agentApi } from '@siteops/contracts/agent/api';
import { useEndpointMutation } from '@/api/queries';
import { ModalForm } from '@/components/form/ModalForm';
import { announceSaved } from '@/components/OneTimePassword';
import {
  AGENT_FORM_FIELDS,
  toAddAgentBody,
  toAgentFormValues,
  toUpdateAgentBody,
  type AgentFormValues,
} from './agentForm';
import { RemarkField } from '@/components/form/RemarkField';
import { requiredText } from '@/components/form/rules';
import { passwordPolicyRule } from '@/components/form/passwordRule';

export interface AgentFormModalProps {
  /** The row being edited, 'new' to create, null when closed. */
  editing: AgentItem | 'new' | null;
  /** Administrators set status and validity and create agents; an agent edits its own contact details. */
  isAdmin: boolean;
  onClose: () => void;
}

const CREATE_DEFAULTS: Partial<AgentFormValues> = { status: 'valid', 'user.enabled': 'enable' };
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** Create (agent + its admin user, one submit) or edit an agent. */
export function AgentFormModal({ editing, isAdmin, onClose }: AgentFormModalProps) {
  const { t } = useTranslation();
  const add = useEndpointMutation(agentApi.add);
  const update = useEndpointMutation(agentApi.update);
  const creating = editing === 'new';
  const initial = useMemo(
    () => (editing === null ? undefined : editing === 'new' ? CREATE_DEFAULTS : toAgentFormValues(editing)),
    [editing],
  );

  const save = (values: AgentFormValues) =>
    editing === 'new'
      ? add.mutateAsync(toAddAgentBody(values))
      : update.mutateAsync(toUpdateAgentBody((editing as AgentItem).id, values, isAdmin));

  const range = (min: number, max: number, msg: string) => ({
    validator: async (_: unknown, v: number | null | undefined) => {
      if (typeof v === 'number' && (v < min || v > max)) throw new Error(msg);
    },
  });
  const pattern = (re: RegExp, msg: string) => ({
    validator: async (_: unknown, v: string | null | undefined) => {
      if (v && v.trim() !== '' && !re.test(v.trim())) throw new Error(msg);
    },
  });

  return (
    <ModalForm<AgentFormValues>
      open={editing !== null}
      title={creating ? t('agents.createTitle') : t('agents.editTitle')}
      initialValues={initial}
      fieldNames={AGENT_FORM_FIELDS}
      onSubmit={save}
      // Created without a password, its admin user has a one-time one: shown once, instead of the toast.
      onSaved={(answer, values) => announceSaved(t, answer, values['user.userName'] ?? '')}
      onClose={onClose}
    >
      <Divider titlePlacement="start" plain>
        {t('agents.agentSection')}
      </Divider>
      {!isAdmin && <Typography.Paragraph type="secondary">{t('agents.ownOnlyHint')}</Typography.Paragraph>}
      <Row gutter={16}>
        <Half name="name" label={t('agents.name')} rules={[requiredText(t('agents.rules.nameRequired'))]}>
          <Input maxLength={128} />
        </Half>
        <Half name="linkName" label={t('agents.linkName')} rules={[requiredText(t('agents.rules.linkNameRequired'))]}>
          <Input maxLength={64} />
        </Half>
        <Half
          name="linkPhone"
          label={t('agents.linkPhone')}
          rules={[
            requiredText(t('agents.rules.linkPhoneRequired')),
            pattern(PHONE_PATTERN, t('agents.rules.phoneInvalid')),
          ]}
        >
          <Input maxLength={31} />
        </Half>
        <Half
          name="expDate"
          label={t('agents.expDate')}
          rules={[{ required: true, message: t('agents.rules.expDateRequired') }]}
        >
          <DatePicker style={{ width: '100%' }} disabled={!isAdmin} />
        </Half>
        <Half name="status" label={t('agents.status')}>
          <Select
            disabled={!isAdmin}
            options={AGENT_STATUS.map((s) => ({ value: s, label: t(`agents.statusValues.${s}`) }))}
          />
        </Half>
        <Half name="address" label={t('agents.address')}>
          <Input maxLength={256} />
        </Half>
        <Half
          name="longitude"
          label={t('agents.longitude')}
          rules={[range(-180, 180, t('agents.rules.longitudeRange'))]}
        >
          <InputNumber style={{ width: '100%' }} step={0.000001} />
        </Half>
        <Half name="latitude" label={t('agents.latitude')} rules={[range(-90, 90, t('agents.rules.latitudeRange'))]}>
          <InputNumber style={{ width: '100%' }} step={0.000001} />
        </Half>
      </Row>
      <Divider titlePlacement="start" plain>
        {t('agents.userSection')}
      </Divider>
      <Row gutter={16}>
        <Half
          name="user.userName"
          label={t('agents.userName')}
          rules={
            creating
              ? [
                  requiredText(t('agents.rules.userNameRequired')),
                  pattern(USERNAME_PATTERN, t('agents.rules.userNameInvalid')),
                ]
              : []
          }
        >
          <Input disabled={!creating} autoComplete="off" maxLength={64} />
        </Half>
        {creating && (
          <Half
            name="user.password"
            label={t('agents.password')}
            extra={t('agents.passwordHint')}
            rules={[passwordPolicyRule(t)]}
          >
            <Input.Password autoComplete="new-password" />
          </Half>
        )}
        <Half
          name="user.realName"
          label={t('agents.realName')}
          rules={[requiredText(t('agents.rules.realNameRequired'))]}
        >
          <Input maxLength={64} />
        </Half>
        <Half
          name="user.phone"
          label={t('agents.phone')}
          rules={[pattern(PHONE_PATTERN, t('agents.rules.phoneInvalid'))]}
        >
          <Input maxLength={31} />
        </Half>
        <Half name="user.email" label={t('agents.email')} rules={[pattern(EMAIL, t('agents.rules.emailInvalid'))]}>
          <Input maxLength={128} />
        </Half>
        <Half name="user.address" label={t('agents.userAddress')}>
          <Input maxLength={256} />
        </Half>
        <Half name="user.enabled" label={t('agents.enabled')}>
          <Select options={USER_ENABLED.map((s) => ({ value: s, label: t(`values.enabled.${s}`) }))} />
        </Half>
        <Half label={t('agents.isAgent')}>
          <Checkbox checked disabled aria-label={t('agents.isAgent')} />
        </Half>
        <Col span={24}>
          <RemarkField
            name="user.remark"
            label={t('agents.remark')}
            max={INTRODUCTION_MAX}
            tooLong={t('agents.rules.remarkTooLong')}
            maxRows={5}
          />
        </Col>
      </Row>
    </ModalForm>
  );
}

/** A field in one of the dialog's two columns. */
function Half(props: FormItemProps) {
  return (
    <Col span={12}>
      <Form.Item {...props} />
    </Col>
  );
}
