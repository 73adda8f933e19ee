import { DEVICE_AGENT_FIELDS, type UpdateDeviceBody } from '@siteops/contracts/device';

/** The device edit form's values. */
export interface EditValues {
  type?: string;
  sn?: string;
  mac?: string;
  devName?: string;
  factoryName?: string;
  ip?: string;
  installSite?: string;
  frpcVer?: string;
  devVer?: string;
  version?: string;
  remoteAccount?: string;
  terminalPassword?: string;
  remark?: string;
  direction?: string;
  allow?: boolean;
  anyAccess?: boolean;
}

const ALL_FIELDS = [
  'type',
  'sn',
  'mac',
  'devName',
  'factoryName',
  'ip',
  'installSite',
  'frpcVer',
  'devVer',
  'version',
  'remoteAccount',
  'terminalPassword',
  'remark',
  'direction',
  'allow',
  'anyAccess',
] as const satisfies readonly (keyof EditValues)[];

/** Text fields the server stores as null when sent empty (so clearing a field really clears it). */
const OPTIONAL_TEXT = new Set<string>([
  'devName',
  'factoryName',
  'ip',
  'installSite',
  'frpcVer',
  'devVer',
  'version',
  'remoteAccount',
  'remark',
]);

/** Only the fields this role may change (contracts' DEVICE_AGENT_FIELDS for an agent). */
export function editableFields(isAdmin: boolean): readonly (keyof EditValues)[] {
  return isAdmin ? ALL_FIELDS : DEVICE_AGENT_FIELDS;
}

/** The update body: the editable fields, empty text as '' (cleared), a blank terminal password left alone. */
export function toUpdateBody(id: number, values: EditValues, fields: readonly (keyof EditValues)[]): UpdateDeviceBody {
  const body: Record<string, unknown> = { id };
  for (const f of fields) {
    const v = values[f];
    if (f === 'terminalPassword') {
      if (v) body[f] = v;
    } else if (OPTIONAL_TEXT.has(f)) {
      body[f] = typeof v === 'string' ? v : '';
    } else if (v !== undefined) {
      body[f] = v;
    }
  }
  return body as UpdateDeviceBody;
}
