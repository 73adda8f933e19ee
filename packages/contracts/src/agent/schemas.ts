import { z } from 'zod';
import { text } from '../shared/text.ts';
import { notText, optionalMultilineText, optionalText } from '../shared/text-fields.ts';
import { calendarDate, queryBool, sortedPageQuery, textFilter, updateBodyOf } from '../shared/pagination.ts';
import { INTRODUCTION_MAX, PHONE_PATTERN, USERNAME_PATTERN, USER_ENABLED, emailSchema } from '../user/schemas.ts';
import { passwordSchema } from '../user/password.ts';
import { editStamps } from '../shared/row-fields.ts';

/** Spec 4: an agent is valid or invalid. An invalid or expired agent's users cannot log in. */
export const AGENT_STATUS = ['valid', 'invalid'] as const;
export type AgentStatus = (typeof AGENT_STATUS)[number];

const requiredText = (name: string, max: number) =>
  text({ error: notText(name) })
    .trim()
    .min(1, `${name} cannot be empty`)
    .max(max, `${name} is at most ${max} characters`);

/** A map coordinate in degrees, from -`limit` to `limit`; optional, and null clears it. */
const coordinate = (name: string, limit: number) => {
  const range = `${name} must be between -${limit} and ${limit}`;
  return z
    .number({ error: `${name} must be a number` })
    .min(-limit, range)
    .max(limit, range)
    .nullable()
    .optional();
};

/** Spec 3's Agent fields. */
const agentFields = {
  name: requiredText('name', 128),
  linkName: requiredText('linkName', 64),
  linkPhone: text({ error: notText('linkPhone') })
    .trim()
    .regex(PHONE_PATTERN, 'linkPhone must be 5-31 digits, optionally with +, spaces or dashes'),
  /** Last day the agent is valid (inclusive). */
  expDate: calendarDate,
  status: z.enum(AGENT_STATUS, { error: `status must be one of ${AGENT_STATUS.join(', ')}` }).optional(),
  address: optionalText('address', 256),
  longitude: coordinate('longitude', 180),
  latitude: coordinate('latitude', 90),
};

/** The agent's admin user (spec 3: realName, phone, email, address, introduction as remark, enabled, isAgent). */
const agentUserFields = {
  userName: text({ error: notText('userName') })
    .trim()
    .regex(USERNAME_PATTERN, '3-64 letters, digits or _ . @ -'),
  /** Absent: a one-time password (in the answer), to be changed at first login. */
  password: passwordSchema.optional(),
  realName: requiredText('realName', 64),
  phone: text()
    .trim()
    .regex(PHONE_PATTERN, 'phone must be 5-31 digits, optionally with +, spaces or dashes')
    .nullable()
    .optional(),
  email: emailSchema.nullable().optional(),
  address: optionalText('address', 256),
  /** Stored as the user's introduction. */
  remark: optionalMultilineText('remark', INTRODUCTION_MAX),
  enabled: z.enum(USER_ENABLED).optional(),
};

/** `POST /api/agent/add`: the agent and its admin user, created together or not at all. */
export const addAgentBody = z.object({
  ...agentFields,
  user: z.object(agentUserFields, { error: 'user is required' }),
});
export type AddAgentBody = z.input<typeof addAgentBody>;

/**
 * `PUT /api/agent/update`: `id` plus the fields that change; `user` updates the agent's admin user.
 * Setting status invalid (or an expDate in the past) ends its users' sessions. Only an admin may
 * change status or expDate.
 */
export const updateAgentBody = updateBodyOf(agentFields).extend({
  user: z.object(agentUserFields).omit({ userName: true, password: true }).partial().optional(),
});
export type UpdateAgentBody = z.input<typeof updateAgentBody>;

const AGENT_SORT_FIELDS = ['id', 'name', 'expDate', 'createdAt', 'updatedAt'] as const;

export const agentListQuery = sortedPageQuery(AGENT_SORT_FIELDS).extend({
  /** Name contains. */
  name: textFilter(128),
  linkName: textFilter(64),
  linkPhone: textFilter(32),
  status: z.enum(AGENT_STATUS).optional(),
  /** true: only agents whose expDate has passed; false: only those still in date. */
  expired: queryBool.optional(),
});

export const agentItem = z.object({
  id: z.number(),
  name: z.string(),
  linkName: z.string(),
  linkPhone: z.string(),
  expDate: z.string(),
  status: z.string(),
  /** expDate has passed (the agent cannot log in even while status is valid). */
  expired: z.boolean(),
  address: z.string().nullable(),
  longitude: z.number().nullable(),
  latitude: z.number().nullable(),
  userCount: z.number(),
  /** The agent's admin user (isAgent), if it still exists. */
  user: z
    .object({
      id: z.number(),
      userName: z.string(),
      realName: z.string().nullable(),
      phone: z.string().nullable(),
      email: z.string().nullable(),
      address: z.string().nullable(),
      remark: z.string().nullable(),
      enabled: z.string(),
    })
    .nullable(),
  ...editStamps,
});
export type AgentItem = z.infer<typeof agentItem>;

/** `data` of the 409 a refused agent delete answers: what still belongs to the agent. */
export interface AgentInUse {
  id: number;
  name: string;
  dependents: string[];
  counts: { users?: number; projects?: number; devices?: number };
}
