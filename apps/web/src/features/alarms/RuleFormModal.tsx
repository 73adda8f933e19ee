import { useEffect, useMemo, useState } from 'react';
import { Button, Checkbox, Dropdown, Flex, Form, Input, InputNumber, Modal, Radio, Select, Space, Switch } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { alarmApi } from '@siteops/contracts/alarm/api';
import {
  ALARM_AUTO_CLEAR_MINUTES_MAX,
  ALARM_DURATION_MAX_S,
  ALARM_PREVIEW_DAYS,
  ALARM_SOURCE_MINUTES_MAX,
  ALARM_SOURCES,
  alarmEventCodes,
  alarmEventKinds,
  ALARM_SEVERITIES,
  type AlarmRuleScope,
} from '@siteops/contracts/alarm/rules';
import { deviceApi } from '@siteops/contracts/device/api';
import { DEVICE_TYPES } from '@siteops/contracts/device-protocol';
import type { Role } from '@siteops/contracts/shared/roles';
import { call } from '@/api/endpoint';
import { ApiError } from '@/api/envelope';
import { useAgentOptions, useProjectOptions } from '@/api/ownerOptions';
import { useEndpointMutation } from '@/api/queries';
import { keyOf } from '@/api/queryKey';
import { afterReport } from '@/api/reported';
import { message } from '@/lib/feedback';
import type { ItemOf } from '@/components/list/useListPage';
import { TimeOfDayField } from '@/components/form/TimeOfDayField';
import { RuleActionsEditor } from './RuleActionsEditor';
import { RulePreviewResult, type RulePreview } from './RulePreviewResult';
import { ScopeTarget } from './RuleScopeTarget';
import { TermsList } from './RuleTermsList';
import {
  addBody,
  newRuleValues,
  previewBody,
  ruleFieldErrors,
  ruleValues,
  updateBody,
  WEEKDAYS,
  type RuleValues,
} from './ruleForm';
import { RULE_TEMPLATES, templateValues } from './ruleTemplates';

type RuleRow = ItemOf<typeof alarmApi.ruleListAll>;

/** The scopes a role writes rules for (the server holds the same rule, and the rows' scope). */
const SCOPES_OF: Record<Role, readonly AlarmRuleScope[]> = {
  admin: ['fleet', 'agent', 'project', 'device'],
  agent: ['agent', 'project', 'device'],
  manager: ['project'],
  user: [],
};

/**
 * Add or edit an alarm rule. A new rule may start from a template (the site limits), which fills
 * the form and stays editable; the server's field errors land beside their fields (a term's on the term).
 * A rule keeps its scope and device type once made.
 */
export function RuleFormModal({
  editing,
  role,
  onClose,
}: {
  editing: RuleRow | 'new' | null;
  role: Role;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const [form] = Form.useForm<RuleValues>();
  const [saving, setSaving] = useState(false);
  const add = useEndpointMutation(alarmApi.ruleAdd);
  const update = useEndpointMutation(alarmApi.ruleUpdate);
  const preview = useEndpointMutation(alarmApi.rulePreview);
  const [previewed, setPreviewed] = useState<RulePreview | null>(null);
  const open = editing !== null;
  const isNew = editing === 'new';
  const scopes = SCOPES_OF[role];
  const scope = Form.useWatch('scope', form);
  const deviceType = Form.useWatch('deviceType', form);
  const clearOwn = Form.useWatch('clearOwn', form);
  const windowOn = Form.useWatch('windowOn', form);
  const source = Form.useWatch('source', form) ?? 'reading';
  const eventKind = Form.useWatch('eventKind', form);
  const eventKinds = deviceType ? alarmEventKinds(deviceType) : [];
  const eventCodes = deviceType && eventKind ? alarmEventCodes(deviceType, eventKind) : [];
  const agents = useAgentOptions('', open && isNew && scope === 'agent');
  const projects = useProjectOptions('', open && isNew && scope === 'project');
  const devicesInput = { ...(deviceType ? { type: deviceType } : {}), pageSize: 200 } as const;
  const devices = useQuery({
    queryKey: keyOf(deviceApi.listAll, devicesInput),
    queryFn: ({ signal }) => call(deviceApi.listAll, devicesInput, { silent: true, signal }),
    enabled: open && isNew && scope === 'device',
    staleTime: 30_000,
    retry: false,
  });
  const initial = useMemo(
    () => (editing && editing !== 'new' ? ruleValues(editing) : newRuleValues(scopes[0] ?? 'project')),
    [editing, scopes],
  );

  useEffect(() => {
    if (!open) return;
    form.resetFields();
    form.setFieldsValue(initial as never);
  }, [open, initial, form]);

  /** Closing forgets the last preview (the next rule starts without one). */
  const close = () => {
    setPreviewed(null);
    onClose();
  };

  /** Server field errors beside their fields (a term's on the term, the source's on its field). */
  const showFieldErrors = (error: unknown) => {
    if (!(error instanceof ApiError)) return;
    const single = (error.data as { field?: unknown } | null)?.field;
    const fields = { ...error.fields, ...(typeof single === 'string' ? { [single]: error.message } : {}) };
    form.setFields(ruleFieldErrors(fields) as never);
  };

  /** What the rule as filled in would have done over the last week (its name may still be empty). */
  const runPreview = async () => {
    try {
      await form.validateFields();
    } catch (invalid) {
      // A preview needs no name yet: only the other fields' errors stop it.
      const fields = (invalid as { errorFields?: { name: (string | number)[] }[] }).errorFields ?? [];
      if (fields.some((f) => f.name[0] !== 'name')) throw invalid;
      form.setFields([{ name: 'name', errors: [] }]);
    }
    try {
      setPreviewed(await preview.mutateAsync(previewBody(form.getFieldsValue(true) as RuleValues)));
    } catch (error) {
      showFieldErrors(error);
      throw error;
    }
  };

  const submit = async () => {
    const values = await form.validateFields();
    setSaving(true);
    try {
      if (editing && editing !== 'new') await update.mutateAsync(updateBody(editing.id, values));
      else await add.mutateAsync(addBody(values));
      message().success(t('common.saveSuccess'));
      close();
    } catch (error) {
      showFieldErrors(error);
      throw error;
    } finally {
      setSaving(false);
    }
  };

  const templates = {
    items: RULE_TEMPLATES.map((tpl) => ({ key: tpl.key, label: t(`alarms.templates.${tpl.key}`) })),
    onClick: ({ key }: { key: string }) => {
      const tpl = RULE_TEMPLATES.find((x) => x.key === key);
      if (tpl) form.setFieldsValue(templateValues(tpl, t(`alarms.templates.${tpl.key}`)) as never);
    },
  };
  // The source's and the auto-clear's minutes: whole minutes, from one up to the contract's limit.
  const minutesUpTo = (max: number) => ({
    type: 'number' as const,
    min: 1,
    max,
    message: t('alarms.rules.minutesRange', { max }),
  });
  // The reading rule's switches (a time window, clearing on its own terms), each with its hint.
  const onOff = (name: 'windowOn' | 'clearOwn', hint: string) => (
    <Form.Item name={name} label={t(`alarms.rules.${name}`)} valuePropName="checked" extra={hint}>
      <Switch />
    </Form.Item>
  );
  const minutesInput = (max: number) => <InputNumber min={1} max={max} precision={0} style={{ width: 160 }} />;

  return (
    <Modal
      open={open}
      width={720}
      title={isNew ? t('alarms.rules.createTitle') : t('alarms.rules.editTitle')}
      okText={t('common.save')}
      cancelText={t('common.cancel')}
      confirmLoading={saving}
      onOk={() => void afterReport(submit())}
      onCancel={close}
      destroyOnHidden
    >
      {isNew && (
        <Flex justify="flex-end" style={{ marginBottom: 8 }}>
          <Dropdown menu={templates} trigger={['click']}>
            <Button>{t('alarms.rules.fromTemplate')}</Button>
          </Dropdown>
        </Flex>
      )}
      <Form
        form={form}
        layout="vertical"
        onFinish={() => void afterReport(submit())}
        onValuesChange={() => setPreviewed(null)}
      >
        <Form.Item
          name="name"
          label={t('alarms.rules.name')}
          rules={[{ required: true, whitespace: true, message: t('alarms.rules.nameRequired') }]}
        >
          <Input maxLength={128} />
        </Form.Item>
        <Space wrap align="start">
          <Form.Item
            name="deviceType"
            label={t('alarms.deviceType')}
            extra={isNew ? undefined : t('alarms.rules.fixed')}
            rules={[{ required: source !== 'offline', message: t('alarms.rules.deviceTypeRequired') }]}
          >
            <Select
              disabled={!isNew}
              style={{ width: 200 }}
              allowClear={source === 'offline'}
              placeholder={source === 'offline' ? t('alarms.rules.everyType') : undefined}
              options={DEVICE_TYPES.map((v) => ({ value: v, label: t(`devices.type.${v}`) }))}
            />
          </Form.Item>
          <Form.Item name="scope" label={t('alarms.rules.scope')}>
            <Select
              disabled={!isNew}
              style={{ width: 160 }}
              options={(isNew ? scopes : [editing?.scope ?? 'fleet']).map((v) => ({
                value: v,
                label: t(`alarms.scopes.${v}`),
              }))}
            />
          </Form.Item>
          {isNew && scope === 'agent' && role === 'admin' && (
            <ScopeTarget scope="agent" width={220} loading={agents.isFetching} options={agents.data ?? []} />
          )}
          {isNew && scope === 'project' && (
            <ScopeTarget scope="project" width={260} loading={projects.isFetching} options={projects.data ?? []} />
          )}
          {isNew && scope === 'device' && (
            <ScopeTarget
              scope="device"
              width={260}
              loading={devices.isFetching}
              options={(devices.data?.list ?? []).map((d) => ({
                value: d.id,
                label: d.devName ? `${d.devName} (${d.sn})` : d.sn,
              }))}
            />
          )}
        </Space>
        <Form.Item name="source" label={t('alarms.rules.source')}>
          <Radio.Group
            optionType="button"
            options={ALARM_SOURCES.map((v) => ({ value: v, label: t(`alarms.sources.${v}`) }))}
          />
        </Form.Item>
        {(source === 'noData' || source === 'offline') && (
          <Form.Item
            name="sourceMinutes"
            label={t(`alarms.rules.minutes.${source}`)}
            extra={t(`alarms.rules.minutesHint.${source}`)}
            rules={[
              { required: source === 'noData', message: t('alarms.rules.minutesRequired') },
              minutesUpTo(ALARM_SOURCE_MINUTES_MAX),
            ]}
          >
            {minutesInput(ALARM_SOURCE_MINUTES_MAX)}
          </Form.Item>
        )}
        {source === 'event' && (
          <Space wrap align="start">
            <Form.Item
              name="eventKind"
              label={t('alarms.rules.eventKind')}
              rules={[{ required: true, message: t('alarms.rules.eventKindRequired') }]}
              extra={deviceType && eventKinds.length === 0 ? t('alarms.rules.noEventKinds') : undefined}
            >
              <Select
                style={{ width: 200 }}
                options={eventKinds.map((k) => ({ value: k, label: t(`alarms.eventKinds.${k}`, { defaultValue: k }) }))}
              />
            </Form.Item>
            {eventCodes.length > 0 && (
              <Form.Item name="eventCode" label={t('alarms.rules.eventCode')} extra={t('alarms.rules.eventCodeHint')}>
                <Select
                  allowClear
                  style={{ width: 200 }}
                  placeholder={t('alarms.rules.anyCode')}
                  options={eventCodes.map((c) => ({
                    value: c,
                    label: t(`deviceLink.readings.flags.${c}`, { defaultValue: c }),
                  }))}
                />
              </Form.Item>
            )}
            <Form.Item
              name="autoClearMinutes"
              label={t('alarms.rules.autoClearMinutes')}
              extra={t('alarms.rules.autoClearHint')}
              rules={[minutesUpTo(ALARM_AUTO_CLEAR_MINUTES_MAX)]}
            >
              {minutesInput(ALARM_AUTO_CLEAR_MINUTES_MAX)}
            </Form.Item>
          </Space>
        )}
        {source === 'reading' && (
          <>
            <Form.Item name="logic" label={t('alarms.rules.logic')}>
              <Radio.Group
                options={(['and', 'or'] as const).map((v) => ({ value: v, label: t(`alarms.rules.logics.${v}`) }))}
              />
            </Form.Item>
            <TermsList name="terms" form={form} />
            <Form.Item
              name="durationSeconds"
              label={t('alarms.rules.durationSeconds')}
              extra={t('alarms.rules.durationHint')}
            >
              <InputNumber min={0} max={ALARM_DURATION_MAX_S} precision={0} style={{ width: 160 }} />
            </Form.Item>
            {onOff('windowOn', t('alarms.rules.windowHint'))}
            {windowOn && (
              <Space wrap align="start">
                {(['windowFrom', 'windowTo'] as const).map((name) => (
                  <TimeOfDayField
                    key={name}
                    name={name}
                    label={t(`alarms.rules.${name}`)}
                    invalid={t('alarms.rules.timeInvalid')}
                  />
                ))}
                <Form.Item
                  name="windowWeekdays"
                  label={t('alarms.rules.windowWeekdays')}
                  rules={[{ required: true, type: 'array', min: 1, message: t('alarms.rules.weekdaysRequired') }]}
                >
                  <Checkbox.Group options={WEEKDAYS.map((d) => ({ value: d, label: t(`alarms.weekdays.${d}`) }))} />
                </Form.Item>
              </Space>
            )}
            {onOff('clearOwn', t('alarms.rules.clearOwnHint'))}
            {clearOwn && (
              <>
                <Form.Item name="clearLogic" label={t('alarms.rules.clearLogic')}>
                  <Radio.Group
                    options={(['and', 'or'] as const).map((v) => ({ value: v, label: t(`alarms.rules.logics.${v}`) }))}
                  />
                </Form.Item>
                <TermsList name="clearTerms" form={form} />
              </>
            )}
          </>
        )}
        <Space wrap align="start">
          <Form.Item name="severity" label={t('alarms.severity')}>
            <Select
              style={{ width: 140 }}
              options={ALARM_SEVERITIES.map((v) => ({ value: v, label: t(`alarms.severities.${v}`) }))}
            />
          </Form.Item>
          <Form.Item name="enabled" label={t('alarms.rules.enabled')} valuePropName="checked">
            <Switch />
          </Form.Item>
        </Space>
        <RuleActionsEditor form={form} open={open} />
        <Flex vertical gap={8}>
          <div>
            <Button loading={preview.isPending} onClick={() => void afterReport(runPreview())}>
              {t('alarms.preview.button', { days: ALARM_PREVIEW_DAYS })}
            </Button>
          </div>
          {previewed && <RulePreviewResult previewed={previewed} />}
        </Flex>
      </Form>
    </Modal>
  );
}
