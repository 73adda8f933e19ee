import { MinusCircleOutlined, PlusOutlined } from '@ant-design/icons';
import { Alert, Button, Card, Flex, Form, Input, InputNumber, Select, Space, Switch, Typography } from 'antd';
import type { FormInstance } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { ADDRESS_CHANNEL_KINDS } from '@siteops/contracts/alarm-escalation/schemas';
import {
  ALARM_ACTION_CONFIRM_TYPES,
  ALARM_ACTION_KINDS,
  ALARM_ACTION_WHEN,
  ALARM_ACTIONS_MAX,
  ALARM_RELAY_TYPES,
} from '@siteops/contracts/alarm/rules';
import { deviceApi } from '@siteops/contracts/device/api';
import { RELAY_OUTPUTS_MAX, type DeviceType } from '@siteops/contracts/device-protocol';
import { call } from '@/api/endpoint';
import { keyOf } from '@/api/queryKey';
import { useChannels } from './escalation/api/listChannels';
import type { ActionValues, RuleValues } from './ruleForm';

/** The relay devices a rule may switch: the gateways in scope (cranes and elevators: their own rule's device). */
const GATEWAYS = { type: 'gateway', pageSize: 200 } as const;

/**
 * The two choices every action starts with, what it does and whether it runs as the rule fires or as its
 * alarm clears: `alarms.actions.<field>` labels the field, `.<field>N` its select, `.<field>s.<value>` a choice.
 */
const ACTION_CHOICES = [
  { field: 'kind', values: ALARM_ACTION_KINDS, width: 180 },
  { field: 'when', values: ALARM_ACTION_WHEN, width: 160 },
] as const;

/**
 * A rule's linked actions (issue 32), each run as the rule fires or as its alarm clears: the project's
 * speakers play a message, a relay output switches (a gateway's fog cannons, or the alarm's own crane or
 * elevator: a power cut, which waits for a second person's confirmation), a webhook channel posts.
 */
export function RuleActionsEditor({ form, open }: { form: FormInstance<RuleValues>; open: boolean }) {
  const { t } = useTranslation();
  const deviceType = Form.useWatch('deviceType', form) as DeviceType | null | undefined;
  const actions = (Form.useWatch('actions', form) ?? []) as ActionValues[];
  const wantsRelay = actions.some((a) => a?.kind === 'relay');
  const wantsHook = actions.some((a) => a?.kind === 'webhook');
  const gateways = useQuery({
    queryKey: keyOf(deviceApi.listAll, GATEWAYS),
    queryFn: ({ signal }) => call(deviceApi.listAll, GATEWAYS, { silent: true, signal }),
    enabled: open && wantsRelay,
    staleTime: 30_000,
    retry: false,
  });
  const channels = useChannels({ pageSize: 200 }, { enabled: open && wantsHook });
  const ownHasRelay = !!deviceType && ALARM_RELAY_TYPES.includes(deviceType);
  const deviceOptions = [
    ...(ownHasRelay ? [{ value: 0, label: t('alarms.actions.ownDevice') }] : []),
    ...(gateways.data?.list ?? []).map((d) => ({ value: d.id, label: d.devName ? `${d.devName} (${d.sn})` : d.sn })),
  ];
  const channelOptions = (channels.data?.list ?? [])
    .filter((c) => (ADDRESS_CHANNEL_KINDS as readonly string[]).includes(c.kind))
    .map((c) => ({ value: c.id, label: `${c.name} · ${t(`alarms.actions.channelKinds.${c.kind}`)}` }));

  return (
    <Form.List name="actions">
      {(items, { add, remove }) => (
        <Flex vertical gap={8}>
          <Typography.Text strong>{t('alarms.actions.title')}</Typography.Text>
          <Typography.Text type="secondary">{t('alarms.actions.hint')}</Typography.Text>
          {items.map((item, i) => {
            const a = actions[item.name] ?? ({} as ActionValues);
            const ownCut =
              a.kind === 'relay' && !a.deviceId && deviceType && ALARM_ACTION_CONFIRM_TYPES.includes(deviceType);
            return (
              <Card
                key={item.key}
                size="small"
                title={t('alarms.actions.n', { n: i + 1 })}
                extra={
                  <Button
                    type="text"
                    aria-label={t('alarms.actions.remove', { n: i + 1 })}
                    icon={<MinusCircleOutlined />}
                    onClick={() => remove(item.name)}
                  />
                }
              >
                <Space wrap align="start">
                  {ACTION_CHOICES.map(({ field, values, width }) => (
                    <Form.Item key={field} name={[item.name, field]} label={t(`alarms.actions.${field}`)}>
                      <Select
                        aria-label={t(`alarms.actions.${field}N`, { n: i + 1 })}
                        style={{ width }}
                        options={values.map((v) => ({ value: v, label: t(`alarms.actions.${field}s.${v}`) }))}
                      />
                    </Form.Item>
                  ))}
                </Space>
                {a.kind === 'speak' && (
                  <Space wrap align="start">
                    <Form.Item
                      name={[item.name, 'text']}
                      label={t('alarms.actions.text')}
                      rules={[{ required: true, whitespace: true, message: t('alarms.actions.textRequired') }]}
                    >
                      <Input.TextArea
                        aria-label={t('alarms.actions.textN', { n: i + 1 })}
                        maxLength={200}
                        showCount
                        autoSize={{ minRows: 1, maxRows: 3 }}
                        style={{ width: 360 }}
                      />
                    </Form.Item>
                    <Form.Item name={[item.name, 'volume']} label={t('alarms.actions.volume')}>
                      <InputNumber min={0} max={100} style={{ width: 100 }} />
                    </Form.Item>
                  </Space>
                )}
                {a.kind === 'relay' && (
                  <>
                    <Space wrap align="start">
                      <Form.Item
                        name={[item.name, 'deviceId']}
                        label={t('alarms.actions.device')}
                        getValueProps={(v: number | null | undefined) => ({
                          value: v ?? (ownHasRelay ? 0 : undefined),
                        })}
                        normalize={(v: number) => (v === 0 ? null : v)}
                        rules={[
                          {
                            validator: (_, v: number | null | undefined) =>
                              v || ownHasRelay
                                ? Promise.resolve()
                                : Promise.reject(new Error(t('alarms.actions.deviceRequired'))),
                          },
                        ]}
                      >
                        <Select
                          aria-label={t('alarms.actions.deviceN', { n: i + 1 })}
                          style={{ width: 260 }}
                          loading={gateways.isFetching}
                          showSearch={{ optionFilterProp: 'label' }}
                          options={deviceOptions}
                        />
                      </Form.Item>
                      <Form.Item
                        name={[item.name, 'output']}
                        label={t('alarms.actions.output')}
                        rules={[{ required: true, message: t('alarms.actions.outputRequired') }]}
                      >
                        <InputNumber
                          aria-label={t('alarms.actions.outputN', { n: i + 1 })}
                          min={1}
                          max={RELAY_OUTPUTS_MAX}
                          precision={0}
                          style={{ width: 100 }}
                        />
                      </Form.Item>
                      <Form.Item name={[item.name, 'on']} label={t('alarms.actions.on')} valuePropName="checked">
                        <Switch
                          aria-label={t('alarms.actions.onN', { n: i + 1 })}
                          checkedChildren={t('alarms.actions.relayOn')}
                          unCheckedChildren={t('alarms.actions.relayOff')}
                        />
                      </Form.Item>
                    </Space>
                    {ownCut && <Alert type="warning" showIcon title={t('alarms.actions.needsConfirmation')} />}
                  </>
                )}
                {a.kind === 'webhook' && (
                  <Form.Item
                    name={[item.name, 'channelId']}
                    label={t('alarms.actions.channel')}
                    extra={t('alarms.actions.channelHint')}
                    rules={[{ required: true, message: t('alarms.actions.channelRequired') }]}
                  >
                    <Select
                      aria-label={t('alarms.actions.channelN', { n: i + 1 })}
                      style={{ width: 320 }}
                      loading={channels.isFetching}
                      options={channelOptions}
                    />
                  </Form.Item>
                )}
              </Card>
            );
          })}
          {items.length < ALARM_ACTIONS_MAX && (
            <Form.Item>
              <Button
                type="dashed"
                icon={<PlusOutlined />}
                onClick={() => add({ kind: 'speak', when: 'raised', on: true } satisfies ActionValues)}
              >
                {t('alarms.actions.add')}
              </Button>
            </Form.Item>
          )}
        </Flex>
      )}
    </Form.List>
  );
}
