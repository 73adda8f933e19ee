import { DatePicker, Form, Input } from 'antd';
import { DAY_FORMAT } from '@/lib/time';
import { type Dayjs } from 'dayjs';
import { useTranslation } from 'react-i18next';
import { DEVICE_AUTH_STATUSES, DEVICE_ONLINE_STATUSES } from '@siteops/contracts/device/schemas';
import { DEVICE_TYPES, type DeviceType } from '@siteops/contracts/device-protocol';
import { QueryForm } from '@/components/form/QueryForm';
import { SearchSelect } from '@/components/form/SearchSelect';
import { rangeFromParams, valuesToParams } from '@/components/form/formKit';
import { FILTER_NAMES } from './deviceFilters';
import { OwnerSelect } from './OwnerSelect';

interface QueryValues {
  devName?: string;
  sn?: string;
  mac?: string;
  ip?: string;
  type?: string;
  agentId?: number;
  projectId?: number;
  authStatus?: string;
  onlineStatus?: string;
  factoryName?: string;
  version?: string;
  added?: [Dayjs | null, Dayjs | null] | null;
}

function toParams({ added, ...rest }: QueryValues): Record<string, string> {
  const out = valuesToParams(rest as Record<string, unknown>);
  if (added?.[0]) out.addedFrom = added[0].format(DAY_FORMAT);
  if (added?.[1]) out.addedTo = added[1].format(DAY_FORMAT);
  return out;
}

function fromParams(params: URLSearchParams): Partial<QueryValues> {
  const text = (n: string) => params.get(n) ?? undefined;
  const id = (n: string) => (params.get(n) ? Number(params.get(n)) : undefined);
  return {
    devName: text('devName'),
    sn: text('sn'),
    mac: text('mac'),
    ip: text('ip'),
    type: text('type'),
    agentId: id('agentId'),
    projectId: id('projectId'),
    authStatus: text('authStatus'),
    onlineStatus: text('onlineStatus'),
    factoryName: text('factoryName'),
    version: text('version'),
    added: rangeFromParams(params, 'addedFrom', 'addedTo'),
  };
}

interface DeviceQueryFormProps {
  /** Fixed by the route: no type filter then. */
  fixedType: DeviceType | undefined;
  /** Admins filter by agent; an agent only ever sees its own. */
  canFilterAgent: boolean;
}

/** Filters drawn after "More filters": the name, SN, type and presence are what a search usually starts from. */
const MORE_NAMES = [
  'mac',
  'ip',
  'agentId',
  'projectId',
  'authStatus',
  'factoryName',
  'version',
  'addedFrom',
  'addedTo',
];

/** The device list's search form; its values live in the URL (shareable, survive reloads). */
export function DeviceQueryForm({ fixedType, canFilterAgent }: DeviceQueryFormProps) {
  const { t } = useTranslation();
  const text = (name: keyof QueryValues, label: string) => (
    <Form.Item name={name} label={label}>
      <Input allowClear style={{ width: 160 }} />
    </Form.Item>
  );
  // One of a fixed list (type, online and auth status), each value by its label under `devices.<name>`.
  const select = (name: 'type' | 'onlineStatus' | 'authStatus', values: readonly string[], width: number) => (
    <SearchSelect
      name={name}
      label={t(`devices.field.${name}`)}
      width={width}
      options={values.map((v) => ({ value: v, label: t(`devices.${name}.${v}`) }))}
    />
  );
  return (
    <QueryForm<QueryValues>
      names={FILTER_NAMES}
      toParams={toParams}
      fromParams={fromParams}
      moreNames={MORE_NAMES}
      more={
        <>
          {text('mac', t('devices.field.mac'))}
          {text('ip', t('devices.field.ip'))}
          {canFilterAgent && (
            <Form.Item name="agentId" label={t('devices.field.agent')}>
              <OwnerSelect kind="agent" />
            </Form.Item>
          )}
          <Form.Item name="projectId" label={t('devices.field.project')}>
            <OwnerSelect kind="project" />
          </Form.Item>
          {select('authStatus', DEVICE_AUTH_STATUSES, 140)}
          {text('factoryName', t('devices.field.factoryName'))}
          {text('version', t('devices.field.version'))}
          <Form.Item name="added" label={t('devices.field.additionDatetime')}>
            <DatePicker.RangePicker allowEmpty={[true, true]} />
          </Form.Item>
        </>
      }
    >
      {text('devName', t('devices.field.devName'))}
      {text('sn', t('devices.field.sn'))}
      {fixedType === undefined && select('type', DEVICE_TYPES, 160)}
      {select('onlineStatus', DEVICE_ONLINE_STATUSES, 140)}
    </QueryForm>
  );
}
