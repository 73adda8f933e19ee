import { Alert, Form, InputNumber, Radio, Select, Space, type FormInstance } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { rolloutApi } from '@siteops/contracts/rollout/api';
import type { DeviceType } from '@siteops/contracts/device-protocol';
import { ROLLOUT_LIMITS, type RolloutDetail, type RolloutTargets } from '@siteops/contracts/rollout/schemas';
import type { UpgradeItem } from '@siteops/contracts/upgrade/schemas';
import { useEndpointMutation, useEndpointQuery } from '@/api/queries';
import { ModalForm } from '@/components/form/ModalForm';
import { message } from '@/lib/feedback';
import { DevicesSelect, OwnersSelect } from './TargetSelects';

interface Values extends RolloutTargets {
  groupMode: 'count' | 'percent';
  groupSize: number;
  successThreshold: number;
  errorThreshold: number;
  maxRetries: number;
  stepTimeoutS: number;
  maxConcurrent: number;
}

const SETTINGS = ['successThreshold', 'errorThreshold', 'maxRetries', 'stepTimeoutS', 'maxConcurrent'] as const;
const FIELDS = ['types', 'agentIds', 'projectIds', 'versions', 'ids', 'groupMode', 'groupSize', ...SETTINGS];
const defaults = (): Partial<Values> => ({
  groupMode: 'percent',
  groupSize: 100,
  ...Object.fromEntries(SETTINGS.map((k) => [k, ROLLOUT_LIMITS[k].default])),
});

const targetsOf = (v: Partial<Values>): RolloutTargets => ({
  types: v.types?.length ? v.types : undefined,
  agentIds: v.agentIds?.length ? v.agentIds : undefined,
  projectIds: v.projectIds?.length ? v.projectIds : undefined,
  versions: v.versions?.length ? v.versions : undefined,
  ids: v.ids?.length ? v.ids : undefined,
});

/** How many devices the targets take now (the server decides which the package applies to). */
function MatchCount({ form, packageId }: { form: FormInstance<Values>; packageId: number }) {
  const { t } = useTranslation();
  const values = Form.useWatch([], form) as Partial<Values> | undefined;
  const preview = useEndpointQuery(rolloutApi.preview, { packageId, targets: targetsOf(values ?? {}) });
  const total = preview.data?.total;
  return (
    <Alert
      data-testid="rollout-match"
      type={total === 0 ? 'warning' : 'info'}
      showIcon
      title={total === undefined ? t('rollout.matching') : t('rollout.matches', { count: total })}
    />
  );
}

/** "Roll out" a package: choose the devices and how, then start it and open its progress. */
export function RolloutDialog({ pkg, onClose }: { pkg: UpgradeItem | null; onClose: () => void }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const add = useEndpointMutation(rolloutApi.add, ['upgrade']);
  const number = (name: (typeof SETTINGS)[number] | 'groupSize', max?: number) => {
    const l = name === 'groupSize' ? { min: 1, max: max ?? 10_000 } : ROLLOUT_LIMITS[name];
    return (
      <Form.Item
        name={name}
        label={t(`rollout.${name}`)}
        tooltip={t(`rollout.${name}Hint`)}
        rules={[{ required: true }]}
      >
        <InputNumber min={l.min} max={l.max} precision={0} style={{ width: 140 }} />
      </Form.Item>
    );
  };
  return (
    <ModalForm<Values>
      open={pkg !== null}
      title={t('rollout.createTitle', { name: pkg?.fileName ?? '', version: pkg?.fileVersion ?? '' })}
      initialValues={defaults()}
      fieldNames={FIELDS}
      onClose={onClose}
      onSubmit={({ groupMode, groupSize, ...rest }) =>
        add.mutateAsync({
          packageId: pkg!.id,
          targets: targetsOf(rest),
          groupMode,
          groupSize,
          ...Object.fromEntries(SETTINGS.map((k) => [k, rest[k]])),
        })
      }
      onSaved={(answer) => {
        message().success(t('rollout.started'));
        void navigate(`/device/device-rollout?id=${(answer as RolloutDetail).id}`);
      }}
    >
      {(form) => (
        <>
          <Form.Item name="types" label={t('rollout.types')}>
            <Select
              mode="multiple"
              allowClear
              placeholder={t('rollout.allOfPackage')}
              options={(pkg?.deviceTypes ?? []).map((type) => ({ value: type, label: t(`devices.type.${type}`) }))}
            />
          </Form.Item>
          <Form.Item name="agentIds" label={t('rollout.agents')}>
            <OwnersSelect kind="agent" />
          </Form.Item>
          <Form.Item name="projectIds" label={t('rollout.projects')}>
            <OwnersSelect kind="project" />
          </Form.Item>
          <Form.Item name="versions" label={t('rollout.versions')}>
            <Select mode="tags" allowClear tokenSeparators={[',', ' ']} open={false} />
          </Form.Item>
          <Form.Item name="ids" label={t('rollout.devices')}>
            <DevicesSelect types={(pkg?.deviceTypes ?? []) as DeviceType[]} />
          </Form.Item>
          {pkg && <MatchCount form={form} packageId={pkg.id} />}
          <Form.Item label={t('rollout.groups')} style={{ marginTop: 16 }}>
            <Space wrap>
              <Form.Item name="groupMode" noStyle>
                <Radio.Group
                  options={[
                    { value: 'percent', label: t('rollout.groupMode.percent') },
                    { value: 'count', label: t('rollout.groupMode.count') },
                  ]}
                />
              </Form.Item>
              <Form.Item name="groupSize" noStyle rules={[{ required: true }]}>
                <InputNumber aria-label={t('rollout.groupSize')} min={1} max={10_000} precision={0} />
              </Form.Item>
            </Space>
          </Form.Item>
          <Space wrap size="large">
            {number('successThreshold')}
            {number('errorThreshold')}
            {number('maxConcurrent')}
            {number('maxRetries')}
            {number('stepTimeoutS')}
          </Space>
        </>
      )}
    </ModalForm>
  );
}
