import { z } from 'zod';
import { ROLES } from './roles.ts';

/** Spec 5: >= 6 chars with digits, upper and lower case letters and a special character, no spaces. */
export const PASSWORD_MIN = 6;
export const PASSWORD_MAX = 64;

/** Which rule of the password policy a candidate breaks, or null when it passes. Keys are i18n keys. */
export function passwordProblem(pw: string): string | null {
  if (pw.length < PASSWORD_MIN) return 'password.tooShort';
  if (pw.length > PASSWORD_MAX) return 'password.tooLong';
  if (/\s/.test(pw)) return 'password.noSpaces';
  if (!/\d/.test(pw)) return 'password.needDigit';
  if (!/[a-z]/.test(pw)) return 'password.needLower';
  if (!/[A-Z]/.test(pw)) return 'password.needUpper';
  if (!/[^\dA-Za-z\s]/.test(pw)) return 'password.needSpecial';
  return null;
}

export const POLICY_MESSAGE =
  'Password must be at least 6 characters with digits, upper and lower case letters and special characters, no spaces';

export const passwordSchema = z.string().superRefine((pw, ctx) => {
  if (passwordProblem(pw)) ctx.addIssue({ code: 'custom', message: POLICY_MESSAGE });
});

export const loginBody = z.object({
  username: z.string().trim().min(1, 'username cannot be empty').max(64),
  password: z.string().min(1, 'password cannot be empty').max(256),
});
export type LoginBody = z.infer<typeof loginBody>;

export const updatePasswdBody = z.object({
  oldPassword: z.string().min(1, 'oldPassword cannot be empty').max(256),
  newPassword: passwordSchema,
});

export const resetPasswdBody = z.object({ id: z.coerce.number().int().positive() });

export const roleSchema = z.enum(ROLES);

/** Spec 3 options, stored as these codes and shown through i18n. */
export const SEX = ['male', 'female'] as const;
export const POLITICS = ['partyMember', 'probationaryMember', 'youthLeague', 'masses', 'democraticParty'] as const;
export const CULTURE_LEVELS = [
  'primary',
  'juniorHigh',
  'seniorHigh',
  'technicalSecondary',
  'juniorCollege',
  'bachelor',
  'master',
  'doctor',
  'other',
] as const;
export const USER_ENABLED = ['new', 'enable', 'disable'] as const;
export const CERTIFICATION = ['new', 'auth', 'unknown'] as const;

/** The current user as `/api/user/info` answers it: never password, salt or token. */
export interface UserInfo {
  id: number;
  userName: string;
  realName: string | null;
  nickName: string | null;
  avatar: string | null;
  role: (typeof ROLES)[number];
  email: string | null;
  phone: string | null;
  enabled: (typeof USER_ENABLED)[number];
  isAgent: boolean;
  agentId: number | null;
  mustChangePassword: boolean;
  createdAt: string;
}

export const USERNAME_PATTERN = /^[A-Za-z0-9_.@-]{3,64}$/;

/** Minimal creation body; the organisation issue extends it with the full personal-info form. */
export const addUserBody = z.object({
  userName: z.string().trim().regex(USERNAME_PATTERN, '3-64 letters, digits or _ . @ -'),
  /** Absent: the default password, to be changed at first login. */
  password: passwordSchema.optional(),
  realName: z.string().trim().min(1, 'realName cannot be empty').max(64),
  role: roleSchema,
  agentId: z.number().int().positive().optional(),
  phone: z.string().trim().max(32).optional(),
  email: z.email().max(128).optional(),
});
export type AddUserBody = z.infer<typeof addUserBody>;
