import { useEffect } from 'react';
import { Alert, Form, Input, Radio, Select } from 'antd';
import { useTranslation } from 'react-i18next';
import {
  CHANNEL_KINDS,
  isAddressKind,
  isSignedKind,
  type ChannelKind,
  type ChannelScope,
} from '@siteops/contracts/alarm-escalation/schemas';
import { FormDrawer } from '@/components/form/FormDrawer';
import { useDrawerForm } from '@/components/form/useDrawerForm';
import { useAgentOptions } from '@/api/ownerOptions';
import { useUserStore } from '@/stores/user';
import { useAddChannel } from './api/addChannel';
import { useUpdateChannel } from './api/updateChannel';
import type { ChannelItemOut } from './types';
import { EnabledField, NameField } from './fields';

interface Values {
  name: string;
  kind: ChannelKind;
  scope: ChannelScope;
  agentId?: number;
  url?: string;
  secret?: string;
  enabled: boolean;
}

const FIELDS = ['name', 'kind', 'scope', 'agentId', 'projectId', 'url', 'secret', 'enabled'];

/**
 * A channel's form: its kind (fixed once saved), whose it is (this project, or — for admins and agents
 * — the agent's, for all its projects), its address and secret where the kind has them. Saved ones are
 * never shown again: the fields then say "set", and stay empty unless replaced.
 */
export function ChannelDrawer({
  open,
  channel,
  projectId,
  onClose,
}: {
  open: boolean;
  channel: ChannelItemOut | undefined;
  projectId: number;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const role = useUserStore((s) => s.role) ?? 'user';
  const add = useAddChannel();
  const update = useUpdateChannel();
  const save = (v: Values) => {
    const url = v.url?.trim() || undefined;
    const secret = v.secret?.trim() || undefined;
    if (channel) return update.mutateAsync({ id: channel.id, name: v.name, enabled: v.enabled, url, secret });
    return add.mutateAsync({
      name: v.name,
      kind: v.kind,
      scope: v.scope,
      ...(v.scope === 'agent' ? { agentId: v.agentId } : { projectId }),
      enabled: v.enabled,
      url,
      secret,
    });
  };
  const { form, drawer } = useDrawerForm<Values>({ open, onClose }, FIELDS, save);
  const kind = Form.useWatch('kind', form) ?? channel?.kind;
  const scope = Form.useWatch('scope', form);
  const mayAgentWide = role === 'admin' || role === 'agent';
  const agents = useAgentOptions('', open && mayAgentWide);

  useEffect(() => {
    if (!open) return;
    form.resetFields();
    form.setFieldsValue(
      channel
        ? { name: channel.name, kind: channel.kind, scope: channel.scope, enabled: channel.enabled }
        : { kind: 'wecom', scope: 'project', enabled: true },
    );
  }, [open, channel, form]);

  const hasAddress = kind !== undefined && isAddressKind(kind);
  const signs = kind !== undefined && isSignedKind(kind);
  const keep = channel !== undefined;
  return (
    <FormDrawer
      {...drawer}
      title={channel ? t('alarmEscalation.editChannel') : t('alarmEscalation.createChannel')}
      size={520}
    >
      <Form form={form} layout="vertical" name="alarm-channel-form">
        <NameField label={t('alarmEscalation.channelName')} />
        <Form.Item
          name="kind"
          label={t('alarmEscalation.kind')}
          rules={[{ required: true, message: t('alarmEscalation.rules.kind') }]}
          extra={kind ? t(`alarmEscalation.kindHints.${kind}`) : undefined}
        >
          <Select
            disabled={keep}
            options={CHANNEL_KINDS.map((k) => ({ value: k, label: t(`alarmEscalation.kinds.${k}`) }))}
          />
        </Form.Item>
        {!keep && mayAgentWide && (
          <Form.Item name="scope" label={t('alarmEscalation.scope')}>
            <Radio.Group
              options={(['project', 'agent'] as const).map((s) => ({
                value: s,
                label: t(`alarmEscalation.scopes.${s}`),
              }))}
            />
          </Form.Item>
        )}
        {!keep && scope === 'agent' && (
          <Form.Item
            name="agentId"
            label={t('alarmEscalation.agent')}
            rules={[{ required: true, message: t('alarmEscalation.rules.scope') }]}
          >
            <Select
              showSearch={{ optionFilterProp: 'label' }}
              loading={agents.isFetching}
              options={agents.data ?? []}
            />
          </Form.Item>
        )}
        {hasAddress && (
          <SecretField
            name="url"
            label={t('alarmEscalation.address')}
            channel={channel}
            placeholder="https://"
            maxLength={1024}
            rules={[{ pattern: /^\s*https?:\/\/\S+\s*$/, message: t('alarmEscalation.rules.url') }]}
          />
        )}
        {signs && <SecretField name="secret" label={t('alarmEscalation.secret')} channel={channel} maxLength={256} />}
        <EnabledField />
        {kind === 'webhook' && <Alert type="info" showIcon title={t('alarmEscalation.kindHints.webhook')} />}
      </Form>
    </FormDrawer>
  );
}

/**
 * A write-only value of a channel (its address, which may hold a token, or its signing secret): required
 * on a new channel; on a saved `channel` never shown again, it says "set" (`urlSet`, `secretSet`) and,
 * left empty, keeps what was saved.
 */
function SecretField({
  name,
  label,
  channel,
  placeholder,
  maxLength,
  rules = [],
}: {
  name: 'url' | 'secret';
  label: string;
  channel: ChannelItemOut | undefined;
  placeholder?: string;
  maxLength: number;
  rules?: { pattern: RegExp; message: string }[];
}) {
  const { t } = useTranslation();
  const keep = channel !== undefined;
  const isSet = channel?.[`${name}Set`];
  return (
    <Form.Item
      name={name}
      label={label}
      extra={keep ? t('alarmEscalation.keepHint') : undefined}
      rules={[{ required: !keep, whitespace: true, message: t(`alarmEscalation.rules.${name}`) }, ...rules]}
    >
      <Input.Password
        autoComplete="off"
        visibilityToggle={!keep}
        placeholder={keep && isSet ? t('alarmEscalation.isSet') : placeholder}
        maxLength={maxLength}
      />
    </Form.Item>
  );
}
