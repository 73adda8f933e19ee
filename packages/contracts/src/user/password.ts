import { z } from 'zod';
import { text } from '../shared/text.ts';
import { idBody } from '../shared/pagination.ts';

/** Spec 5: >= 6 chars with digits, upper and lower case letters and a special character, no spaces. */
const PASSWORD_MIN = 6;
const PASSWORD_MAX = 64;

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

const POLICY_MESSAGE =
  'Password must be at least 6 characters with digits, upper and lower case letters and special characters, no spaces';

export const passwordSchema = text().superRefine((pw, ctx) => {
  if (passwordProblem(pw)) ctx.addIssue({ code: 'custom', message: POLICY_MESSAGE });
});

export const updatePasswdBody = z.object({
  oldPassword: text().min(1, 'oldPassword cannot be empty').max(256),
  newPassword: passwordSchema,
});

export const resetPasswdBody = idBody;

/**
 * A one-time password, answered only to the admin who reset the user (or created it without a password),
 * to hand over: it logs in once before `expiresAt`, and must then be changed. The server keeps no copy.
 */
export const oneTimePasswordAnswer = z.object({ oneTimePassword: z.string(), expiresAt: z.string() });
export type OneTimePasswordAnswer = z.infer<typeof oneTimePasswordAnswer>;
