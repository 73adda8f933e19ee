import { DEVICE_AUTH_STATUSES, DEVICE_ONLINE_STATUSES, type DeviceListQuery } from '@siteops/contracts/device/schemas';
import { DEVICE_TYPES, type DeviceType } from '@siteops/contracts/device-protocol';

/** The URL search params the device query form owns (dates as addedFrom/addedTo, YYYY-MM-DD). */
export const FILTER_NAMES = [
  'devName',
  'sn',
  'mac',
  'ip',
  'type',
  'agentId',
  'projectId',
  'authStatus',
  'onlineStatus',
  'factoryName',
  'version',
  'addedFrom',
  'addedTo',
] as const;

export type DeviceFilters = Omit<DeviceListQuery, 'page' | 'pageSize' | 'sortField' | 'sortOrder'>;

const TEXT = ['devName', 'sn', 'mac', 'ip', 'factoryName', 'version'] as const;
const DATE = /^\d{4}-\d{2}-\d{2}$/;

const oneOf = <T extends string>(values: readonly T[], v: string | null): T | undefined =>
  v !== null && (values as readonly string[]).includes(v) ? (v as T) : undefined;

const positiveId = (v: string | null) => {
  const n = Number(v);
  return v && Number.isInteger(n) && n > 0 ? n : undefined;
};

/**
 * The list filters from the URL. A hand-edited URL with a bad value drops that filter instead of
 * earning a 400; a type fixed by the route wins over the URL's.
 */
export function filtersFromParams(params: URLSearchParams, fixedType?: DeviceType): DeviceFilters {
  const out: DeviceFilters = {};
  for (const name of TEXT) {
    const v = params.get(name)?.trim();
    if (v) out[name] = v;
  }
  const type = fixedType ?? oneOf(DEVICE_TYPES, params.get('type'));
  if (type) out.type = type;
  const agentId = positiveId(params.get('agentId'));
  if (agentId) out.agentId = agentId;
  const projectId = positiveId(params.get('projectId'));
  if (projectId) out.projectId = projectId;
  const auth = oneOf(DEVICE_AUTH_STATUSES, params.get('authStatus'));
  if (auth) out.authStatus = auth;
  const online = oneOf(DEVICE_ONLINE_STATUSES, params.get('onlineStatus'));
  if (online) out.onlineStatus = online;
  const from = params.get('addedFrom');
  if (from && DATE.test(from)) out.addedFrom = from;
  const to = params.get('addedTo');
  if (to && DATE.test(to)) out.addedTo = to;
  return out;
}
