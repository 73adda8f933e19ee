import { z } from 'zod';
import { pageQuery } from '../shared/pagination.ts';
import { anyText, text } from '../shared/text.ts';
import { passwordSchema } from '../user/password.ts';
import {
  IM_ACCOUNT_PATTERN,
  isWebsite,
  QQ_PATTERN,
  SOCIAL_FIELDS,
  WEBSITE_MAX,
  WECHAT_PATTERN,
  type SocialField,
} from './social.ts';

/**
 * The caller's own account (spec 2's user settings side menu): its security log and "export data".
 * Every role, always about the caller only.
 */

/** `GET /api/account/securityLog`: audited changes of the caller's own account, newest first. */
export const securityLogQuery = pageQuery;

export const securityLogItem = z.object({
  id: z.number(),
  /** The audited action (`user.updatePasswd`, `user.login`, `certification.submit`…); the console names it. */
  action: z.string(),
  /** Who did it: the caller, or an administrator acting on the account. */
  actorName: z.string().nullable(),
  /** True when someone else (an administrator) did it. */
  byOther: z.boolean(),
  ip: z.string().nullable(),
  createdAt: z.string(),
});
export type SecurityLogItem = z.infer<typeof securityLogItem>;

/** The actions the security log shows (anything else in the audit log about the caller is not security). */
export const SECURITY_ACTIONS = [
  'user.login',
  'user.updatePasswd',
  'user.resetPasswd',
  'user.updateSelf',
  'user.update',
  'user.exportMine',
  'account.social',
  'account.securityQuestion',
  'account.securityBind',
  'account.securityUnbind',
  'account.recoverPassword',
  'certification.submit',
  'certification.withdraw',
  'certification.pass',
  'certification.reject',
] as const;

/**
 * Security settings (spec 2's security tab): a security question, and a security email and phone each
 * bound by a one-time code sent to it. The caller's own only.
 */
export const SECURITY_CHANNELS = ['email', 'phone'] as const;
export type SecurityChannel = (typeof SECURITY_CHANNELS)[number];
/** A one-time code is this many digits. */
export const SECURITY_CODE_DIGITS = 6;

const channelSchema = z.enum(SECURITY_CHANNELS, { error: 'channel must be email or phone' });

const boundTarget = z.object({
  /** Masked (a***@x.com, 138****0000), or null when none is bound. */
  bound: z.string().nullable(),
  /** Whether this deployment can send codes there (SMTP_URL / SMS_WEBHOOK_URL set). */
  available: z.boolean(),
});

/** `GET /api/account/security`: the state of each security setting. */
export const securityState = z.object({
  question: z.object({ set: z.boolean(), question: z.string().nullable() }),
  email: boundTarget,
  phone: boundTarget,
  /** Seconds before another code may be requested for the same channel. */
  codeIntervalSeconds: z.number(),
});

const currentPassword = anyText().min(1, 'password cannot be empty').max(256);

/** `PUT /api/account/securityQuestion`: the answer is stored hashed like a password. */
export const securityQuestionBody = z.object({
  password: currentPassword,
  question: text().trim().min(1, 'question cannot be empty').max(64, 'question is at most 64 characters'),
  answer: text().trim().min(1, 'answer cannot be empty').max(64, 'answer is at most 64 characters'),
});

const PHONE_TARGET = /^\+?\d[\d -]{3,29}\d$/;
/** An email (lower-cased) or a phone (spaces and dashes removed), as the channel says. */
type Targeted = { channel: SecurityChannel; target: string };
const targetOf = <S extends z.ZodType<Targeted, Targeted>>(body: S) =>
  body
    .transform((b: z.output<S>) => ({
      ...b,
      target: b.channel === 'email' ? b.target.trim().toLowerCase() : b.target.replace(/[\s-]+/g, ''),
    }))
    .superRefine((b, ctx) => {
      const good =
        b.channel === 'email'
          ? b.target.length <= 128 && z.email().safeParse(b.target).success
          : PHONE_TARGET.test(b.target) && b.target.replace('+', '').length >= 5;
      if (!good)
        ctx.addIssue({
          code: 'custom',
          path: ['target'],
          message: b.channel === 'email' ? 'target must be an email address' : 'target must be a phone number',
        });
    });

/** `POST /api/account/securityCode`: send a one-time code to the email or phone to bind. */
export const securityCodeBody = targetOf(
  z.object({ channel: channelSchema, target: text().min(1, 'target cannot be empty').max(128) }),
);
export const securityCodeAnswer = z.object({
  /** When the code stops working. */
  expiresAt: z.string(),
  /** When another code may be requested. */
  resendAt: z.string(),
});

/** `POST /api/account/securityBind`: bind the target with the code it received. */
export const securityBindBody = targetOf(
  z.object({
    channel: channelSchema,
    target: text().min(1, 'target cannot be empty').max(128),
    code: text()
      .trim()
      .regex(new RegExp(`^\\d{${SECURITY_CODE_DIGITS}}$`), `code must be ${SECURITY_CODE_DIGITS} digits`),
  }),
);

/** `POST /api/account/securityUnbind`: requires the current password. */
export const securityUnbindBody = z.object({ channel: channelSchema, password: currentPassword });

/** `POST /api/account/recover/question`: the first step of a forgotten password, before any login. */
export const recoverQuestionBody = z.object({
  username: text().trim().min(1, 'username cannot be empty').max(64),
});
/**
 * The ways a name can recover, the same for every name: the security question is never shown (the
 * person types it with its answer), and the email and phone codes are offered to every name alike, so
 * the answer says nothing about the account.
 */
export const recoverQuestionAnswer = z.object({
  /**
   * Whether a code can be asked for by email: true for every name when this server sends email
   * (SMTP_URL), whether or not the account exists or has a security email; no address is ever shown.
   */
  emailCode: z.boolean(),
  /**
   * Whether a code can be asked for by SMS: true for every name when this server sends SMS
   * (SMS_WEBHOOK_URL), whether or not the account exists or has a security phone; no number is ever shown.
   */
  phoneCode: z.boolean(),
});

/**
 * `POST /api/account/recover/password`: the security question as the person set it (typed, never
 * shown: case, spaces and punctuation do not matter), its answer, and the new password.
 */
export const recoverPasswordBody = z.object({
  username: text().trim().min(1, 'username cannot be empty').max(64),
  question: text().trim().min(1, 'question cannot be empty').max(64, 'question is at most 64 characters'),
  answer: text().trim().min(1, 'answer cannot be empty').max(64, 'answer is at most 64 characters'),
  newPassword: passwordSchema,
});

/**
 * One social handle in a body: trimmed; '' or null clears it; absent leaves it as it is. The rule is
 * checked only on a non-empty value, and its message names the field.
 */
const socialHandle = (name: SocialField, ok: (v: string) => boolean, message: string, max: number) =>
  text({ error: `${name} must be text` })
    .trim()
    .max(max, { error: `${name} is at most ${max} characters`, abort: true })
    .refine((v) => v === '' || ok(v), { error: message })
    .transform((v) => (v === '' ? null : v))
    .nullable()
    .optional();

const IM_ACCOUNT_RULE = 'must be 1-64 letters, digits or _ . @ -, starting with a letter or digit';

/**
 * `PUT /api/account/social`: the caller's own social info; only the fields sent change. Any other key
 * is a 400 naming it.
 */
export const socialInfoBody = z
  .object({
    wechat: socialHandle(
      'wechat',
      (v) => WECHAT_PATTERN.test(v),
      'wechat must be 6-20 letters, digits, _ or -, starting with a letter',
      20,
    ),
    qq: socialHandle('qq', (v) => QQ_PATTERN.test(v), 'qq must be 5-11 digits, not starting with 0', 11),
    dingtalk: socialHandle('dingtalk', (v) => IM_ACCOUNT_PATTERN.test(v), `dingtalk ${IM_ACCOUNT_RULE}`, 64),
    wecom: socialHandle('wecom', (v) => IM_ACCOUNT_PATTERN.test(v), `wecom ${IM_ACCOUNT_RULE}`, 64),
    website: socialHandle('website', isWebsite, 'website must be an http:// or https:// address', WEBSITE_MAX),
  })
  .catchall(
    z
      .unknown()
      .superRefine((_, ctx) => ctx.addIssue({ code: 'custom', message: 'cannot be changed on your own profile' })),
  );

/** A user's social info as stored; null where none is given. */
export const socialInfo = z.object(
  Object.fromEntries(SOCIAL_FIELDS.map((f) => [f, z.string().nullable()])) as Record<
    SocialField,
    z.ZodNullable<z.ZodString>
  >,
);
export type SocialInfo = z.infer<typeof socialInfo>;

const recoverCode = text()
  .trim()
  .regex(new RegExp(`^\\d{${SECURITY_CODE_DIGITS}}$`), `code must be ${SECURITY_CODE_DIGITS} digits`);

/**
 * `POST /api/account/recover/code`: send a one-time code to the account's security email or phone
 * (`channel`, email when absent), if it has one.
 */
export const recoverCodeBody = recoverQuestionBody.extend({ channel: channelSchema.default('email') });

/** `POST /api/account/recover/codePassword`: the code from the security email or phone, and the new password. */
export const recoverByCodeBody = z.object({
  username: text().trim().min(1, 'username cannot be empty').max(64),
  code: recoverCode,
  newPassword: passwordSchema,
});
