import { DEVICE_AGENT_FIELDS, type DeviceItem, type UpdateDeviceBody } from '@siteops/contracts/device/schemas';
import { blankNulls } from '@/lib/formValues';

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
  hj212Mn?: string;
  hj212Pw?: string;
  remark?: string;
  direction?: string;
  allow?: boolean;
  anyAccess?: boolean;
}

/** Text fields the server stores as null when sent empty (so clearing a field really clears it). */
const OPTIONAL_TEXT = [
  'devName',
  'factoryName',
  'ip',
  'installSite',
  'frpcVer',
  'devVer',
  'version',
  'remoteAccount',
  'hj212Mn',
  'remark',
] as const satisfies readonly (keyof EditValues)[];
const IS_OPTIONAL_TEXT = new Set<string>(OPTIONAL_TEXT);

const ALL_FIELDS = [
  'type',
  'sn',
  'mac',
  ...OPTIONAL_TEXT,
  'terminalPassword',
  'hj212Pw',
  'direction',
  'allow',
  'anyAccess',
] as const satisfies readonly (keyof EditValues)[];

/** A device's values as the edit form starts from them (an empty text field, not null). */
export function toEditValues(row: DeviceItem): Partial<EditValues> {
  return {
    ...blankNulls(row, OPTIONAL_TEXT),
    type: row.type,
    sn: row.sn,
    mac: row.mac ?? undefined,
    direction: row.direction,
    allow: row.allow,
    anyAccess: row.anyAccess,
  };
}

/** Only the fields this role may change (contracts' DEVICE_AGENT_FIELDS for an agent). */
export function editableFields(isAdmin: boolean): readonly (keyof EditValues)[] {
  return isAdmin ? ALL_FIELDS : DEVICE_AGENT_FIELDS;
}

/** The update body: the editable fields, empty text as '' (cleared), a blank password (terminal, HJ 212) left alone. */
export function toUpdateBody(id: number, values: EditValues, fields: readonly (keyof EditValues)[]): UpdateDeviceBody {
  const body: Record<string, unknown> = { id };
  for (const f of fields) {
    const v = values[f];
    if (f === 'terminalPassword' || f === 'hj212Pw') {
      if (v) body[f] = v;
    } else if (IS_OPTIONAL_TEXT.has(f)) {
      body[f] = typeof v === 'string' ? v : '';
    } else if (v !== undefined) {
      body[f] = v;
    }
  }
  return body as UpdateDeviceBody;
}
