import dayjs, { type Dayjs } from 'dayjs';
import type { AddAgentBody, AgentItem, AgentStatus, UpdateAgentBody } from '@siteops/contracts/agent/schemas';

type Enabled = 'new' | 'enable' | 'disable';

/**
 * The agent dialog's values. The admin user's fields are flat keys named like the server's error paths
 * (`user.userName`), so a 400's `data.fields` and a 409's `data.field` land on them unchanged.
 */
export interface AgentFormValues {
  name: string;
  linkName: string;
  linkPhone: string;
  expDate: Dayjs;
  status?: AgentStatus;
  address?: string | null;
  longitude?: number | null;
  latitude?: number | null;
  'user.userName'?: string;
  'user.password'?: string;
  'user.realName': string;
  'user.phone'?: string | null;
  'user.email'?: string | null;
  'user.address'?: string | null;
  'user.remark'?: string | null;
  'user.enabled'?: Enabled;
}

export const AGENT_FORM_FIELDS = [
  'name',
  'linkName',
  'linkPhone',
  'expDate',
  'status',
  'address',
  'longitude',
  'latitude',
  'user.userName',
  'user.password',
  'user.realName',
  'user.phone',
  'user.email',
  'user.address',
  'user.remark',
  'user.enabled',
] as const;

/** Empty inputs mean "none": the server wants null there, not "" (which its patterns refuse). */
const orNull = (v: string | null | undefined) => (v === undefined || v === null || v.trim() === '' ? null : v.trim());
const numberOrNull = (v: number | null | undefined) => (typeof v === 'number' ? v : null);

export function toAgentFormValues(row: AgentItem): AgentFormValues {
  return {
    name: row.name,
    linkName: row.linkName,
    linkPhone: row.linkPhone,
    expDate: dayjs(row.expDate),
    status: row.status as AgentStatus,
    address: row.address,
    longitude: row.longitude,
    latitude: row.latitude,
    'user.userName': row.user?.userName,
    'user.realName': row.user?.realName ?? '',
    'user.phone': row.user?.phone,
    'user.email': row.user?.email,
    'user.address': row.user?.address,
    'user.remark': row.user?.remark,
    'user.enabled': (row.user?.enabled as Enabled | undefined) ?? 'enable',
  };
}

function agentPart(v: AgentFormValues) {
  return {
    name: v.name.trim(),
    linkName: v.linkName.trim(),
    linkPhone: v.linkPhone.trim(),
    address: orNull(v.address),
    longitude: numberOrNull(v.longitude),
    latitude: numberOrNull(v.latitude),
  };
}

function userPart(v: AgentFormValues) {
  return {
    realName: v['user.realName'].trim(),
    phone: orNull(v['user.phone']),
    email: orNull(v['user.email']),
    address: orNull(v['user.address']),
    remark: orNull(v['user.remark']),
    enabled: v['user.enabled'] ?? 'enable',
  };
}

/** Create: the agent and its admin user in one body; no password means the server's default one. */
export function toAddAgentBody(v: AgentFormValues): AddAgentBody {
  const password = v['user.password'];
  return {
    ...agentPart(v),
    expDate: v.expDate.format('YYYY-MM-DD'),
    status: v.status ?? 'valid',
    user: {
      userName: (v['user.userName'] ?? '').trim(),
      ...(password ? { password } : {}),
      ...userPart(v),
    },
  };
}

/**
 * Edit. Status and expiry are the administrator's to change; an agent editing its own record does not
 * send them at all (the server refuses the attempt).
 */
export function toUpdateAgentBody(id: number, v: AgentFormValues, canChangeValidity: boolean): UpdateAgentBody {
  return {
    id,
    ...agentPart(v),
    ...(canChangeValidity ? { expDate: v.expDate.format('YYYY-MM-DD'), status: v.status } : {}),
    user: userPart(v),
  };
}
