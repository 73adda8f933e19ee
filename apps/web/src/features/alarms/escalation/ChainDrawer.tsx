import { useEffect } from 'react';
import { Button, Card, Checkbox, Form, InputNumber, Select, Typography } from 'antd';
import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { ALARM_SEVERITIES, type AlarmSeverity } from '@siteops/contracts/alarm/rules';
import { STEP_ROLES, type StepRole } from '@siteops/contracts/alarm-escalation/schemas';
import { FormDrawer } from '@/components/form/FormDrawer';
import { useDrawerForm } from '@/components/form/useDrawerForm';
import { useAddChain } from './api/addChain';
import { useUpdateChain } from './api/updateChain';
import { useUserOptions } from './api/listUserOptions';
import type { ChainItemOut, ChannelItemOut } from './types';
import { EnabledField, NameField } from './fields';

interface StepValues {
  delayMinutes: number;
  roles?: StepRole[];
  userIds?: number[];
  channelIds?: number[];
}
interface Values {
  name: string;
  enabled: boolean;
  severities: AlarmSeverity[];
  repeatMinutes?: number | null;
  steps: StepValues[];
}

const FIELDS = ['name', 'enabled', 'severities', 'repeatMinutes', 'steps'];

/**
 * A project's escalation chain: which severities it escalates, its steps in order (minutes after the
 * alarm; people by role or by name; channels of the project or its agent), and the reminders.
 */
export function ChainDrawer({
  open,
  chain,
  projectId,
  channels,
  onClose,
}: {
  open: boolean;
  chain: ChainItemOut | undefined;
  projectId: number;
  /** The channels this project may use. */
  channels: readonly ChannelItemOut[];
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const add = useAddChain();
  const update = useUpdateChain();
  const users = useUserOptions(open);
  const save = (v: Values) => {
    const body = {
      name: v.name,
      enabled: v.enabled,
      severities: v.severities,
      repeatMinutes: v.repeatMinutes ?? null,
      steps: v.steps.map((s) => ({
        delayMinutes: s.delayMinutes,
        roles: s.roles ?? [],
        userIds: s.userIds ?? [],
        channelIds: s.channelIds ?? [],
      })),
    };
    return chain ? update.mutateAsync({ id: chain.id, ...body }) : add.mutateAsync({ projectId, ...body });
  };
  const { form, drawer } = useDrawerForm<Values>({ open, onClose }, FIELDS, save);

  useEffect(() => {
    if (!open) return;
    form.resetFields();
    form.setFieldsValue(
      chain
        ? {
            name: chain.name,
            enabled: chain.enabled,
            severities: chain.severities,
            repeatMinutes: chain.repeatMinutes,
            steps: chain.steps,
          }
        : {
            enabled: true,
            severities: [...ALARM_SEVERITIES],
            steps: [{ delayMinutes: 0, roles: ['projectManagers'], userIds: [], channelIds: [] }],
          },
    );
  }, [open, chain, form]);

  const channelOptions = channels.map((c) => ({
    value: c.id,
    label: `${c.name} · ${t(`alarmEscalation.kinds.${c.kind}`)}`,
  }));
  return (
    <FormDrawer
      {...drawer}
      title={chain ? t('alarmEscalation.editChain') : t('alarmEscalation.createChain')}
      size={640}
    >
      <Form form={form} layout="vertical" name="escalation-chain-form">
        <NameField label={t('alarmEscalation.chainName')} />
        <EnabledField />
        <Form.Item name="severities" label={t('alarmEscalation.severities')} rules={[{ required: true }]}>
          <Checkbox.Group options={ALARM_SEVERITIES.map((s) => ({ value: s, label: t(`alarms.severities.${s}`) }))} />
        </Form.Item>
        <Form.Item
          name="repeatMinutes"
          label={t('alarmEscalation.repeatMinutes')}
          extra={t('alarmEscalation.repeatHint')}
        >
          <InputNumber min={1} max={1440} precision={0} placeholder={t('alarmEscalation.noRepeat')} />
        </Form.Item>
        <Typography.Title level={5}>{t('alarmEscalation.steps')}</Typography.Title>
        <Typography.Paragraph type="secondary">{t('alarmEscalation.stopsHint')}</Typography.Paragraph>
        <Form.List
          name="steps"
          rules={[
            {
              validator: (_, steps?: StepValues[]) =>
                steps?.length ? Promise.resolve() : Promise.reject(new Error(t('alarmEscalation.rules.steps'))),
            },
          ]}
        >
          {(fields, { add: addStep, remove }, { errors }) => (
            <>
              {fields.map((field, i) => (
                <Card
                  key={field.key}
                  size="small"
                  title={t('alarmEscalation.step', { n: i + 1 })}
                  style={{ marginBottom: 12 }}
                  extra={
                    fields.length > 1 && (
                      <Button
                        type="text"
                        size="small"
                        danger
                        icon={<DeleteOutlined />}
                        aria-label={t('alarmEscalation.removeStep')}
                        onClick={() => remove(field.name)}
                      />
                    )
                  }
                >
                  <Form.Item
                    name={[field.name, 'delayMinutes']}
                    label={t('alarmEscalation.delayMinutes')}
                    rules={[{ required: true, message: t('alarmEscalation.rules.delay') }]}
                  >
                    <InputNumber min={0} max={10080} precision={0} />
                  </Form.Item>
                  <Form.Item name={[field.name, 'roles']} label={t('alarmEscalation.roles')}>
                    <Select
                      mode="multiple"
                      options={STEP_ROLES.map((r) => ({ value: r, label: t(`alarmEscalation.role.${r}`) }))}
                    />
                  </Form.Item>
                  <Form.Item name={[field.name, 'userIds']} label={t('alarmEscalation.users')}>
                    <Select
                      mode="multiple"
                      showSearch={{ optionFilterProp: 'label' }}
                      loading={users.isFetching}
                      options={users.data ?? []}
                    />
                  </Form.Item>
                  <Form.Item
                    name={[field.name, 'channelIds']}
                    label={t('alarmEscalation.channels')}
                    rules={[{ required: true, type: 'array', min: 1, message: t('alarmEscalation.rules.channels') }]}
                  >
                    <Select mode="multiple" showSearch={{ optionFilterProp: 'label' }} options={channelOptions} />
                  </Form.Item>
                </Card>
              ))}
              <Form.ErrorList errors={errors} />
              <Button
                type="dashed"
                block
                icon={<PlusOutlined />}
                onClick={() => {
                  const last = (form.getFieldValue('steps') as StepValues[] | undefined)?.at(-1);
                  addStep({ delayMinutes: (last?.delayMinutes ?? 0) + 10, roles: [], userIds: [], channelIds: [] });
                }}
              >
                {t('alarmEscalation.addStep')}
              </Button>
            </>
          )}
        </Form.List>
      </Form>
    </FormDrawer>
  );
}
