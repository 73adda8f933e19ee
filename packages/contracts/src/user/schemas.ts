import { z } from 'zod';
import { anyText, text } from '../shared/text.ts';
import { missing, optionalMultilineText, optionalText, requiredEnum, requiredText } from '../shared/text-fields.ts';
import { ROLES } from '../shared/roles.ts';
import { idBody, isCalendarDate, rowId } from '../shared/pagination.ts';
import { oneTimePasswordAnswer, passwordSchema } from './password.ts';
import { imageRef } from '../shared/row-fields.ts';

export const loginBody = z.object({
  username: text().trim().min(1, 'username cannot be empty').max(64),
  password: anyText().min(1, 'password cannot be empty').max(256),
});
export type LoginBody = z.infer<typeof loginBody>;

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
export const userInfo = z.object({
  id: z.number(),
  userName: z.string(),
  realName: z.string().nullable(),
  nickName: z.string().nullable(),
  ...imageRef('avatar'),
  role: z.enum(ROLES),
  email: z.string().nullable(),
  phone: z.string().nullable(),
  enabled: z.enum(USER_ENABLED),
  isAgent: z.boolean(),
  agentId: z.number().nullable(),
  mustChangePassword: z.boolean(),
  createdAt: z.string(),
});
export type UserInfo = z.infer<typeof userInfo>;

/** `POST /api/user/login`: the bearer token, and whether a reset password must be changed first. */
export const loginAnswer = z.object({ token: z.string(), mustChangePassword: z.boolean() });

/** `POST /api/user/add`: the new id, and the one-time password when none was given. */
export const addUserAnswer = z.object({ id: z.number(), ...oneTimePasswordAnswer.partial().shape });

const menuEntry = z.object({
  name: z.string(),
  path: z.string(),
  i18nKey: z.string(),
  icon: z.string().optional(),
  order: z.number(),
});
/**
 * `POST /api/user/menu`: a section and its pages. The tree is two levels deep, so the schema says so
 * (a recursive schema would be an unresolved `$ref` in the OpenAPI document).
 */
export const menuNode = menuEntry.extend({ children: z.array(menuEntry).optional() });

export const USERNAME_PATTERN = /^[A-Za-z0-9_.@-]{3,64}$/;
export const INTRODUCTION_MAX = 200;
export const PHONE_PATTERN = /^\+?[0-9][0-9 -]{4,30}$/;
/** After removing spaces and upper-casing: letters and digits (an ID card ends in X), never a masked '*'. */
export const ID_NO_PATTERN = /^[0-9A-Z]{8,32}$/;
/** After removing spaces and dashes. */
export const CARD_NO_PATTERN = /^[0-9]{8,32}$/;

const image = (name: string) =>
  z.uuid({ error: missing(name, 'must be the id of an uploaded image (POST /api/file/upload)') });

const maskedHint = (name: string) => `${name}: send the full number, not the masked one`;

/** An ID number field named `name`: spaces removed, upper-cased, never a masked one. */
export const idNumberSchema = (name: string) =>
  text({ error: missing(name, 'must be text') })
    .transform((v) => v.replace(/\s+/g, '').toUpperCase())
    .superRefine((v, ctx) => {
      if (v === '') ctx.addIssue({ code: 'custom', message: `${name} cannot be empty` });
      else if (v.includes('*')) ctx.addIssue({ code: 'custom', message: maskedHint(name) });
      else if (!ID_NO_PATTERN.test(v)) {
        ctx.addIssue({ code: 'custom', message: `${name} must be 8-32 letters or digits` });
      }
    });

/** Spec 3 ID number: spaces removed, upper-cased; encrypted at rest, searchable by a keyed hash. */
export const idNoSchema = idNumberSchema('idNo');

/** Spec 3 bank card number: spaces and dashes removed; encrypted at rest. */
const cardNoSchema = text({ error: missing('cardNo', 'must be text') })
  .transform((v) => v.replace(/[\s-]+/g, ''))
  .superRefine((v, ctx) => {
    if (v === '') ctx.addIssue({ code: 'custom', message: 'cardNo cannot be empty' });
    else if (v.includes('*')) ctx.addIssue({ code: 'custom', message: maskedHint('cardNo') });
    else if (!CARD_NO_PATTERN.test(v)) ctx.addIssue({ code: 'custom', message: 'cardNo must be 8-32 digits' });
  });

export const phoneSchema = text({ error: missing('phone', 'must be text') })
  .trim()
  .regex(PHONE_PATTERN, 'phone must be 5-31 digits, optionally with +, spaces or dashes');

const birthdaySchema = text({ error: missing('birthday', 'must be a date YYYY-MM-DD') })
  .trim()
  .refine(isCalendarDate, { message: 'birthday must be a date YYYY-MM-DD' })
  .refine((s) => s >= '1900-01-01' && s <= new Date().toISOString().slice(0, 10), {
    message: 'birthday must be between 1900-01-01 and today',
  });

export const emailSchema = z.email({ error: missing('email', 'must be an email address') }).max(128);

/**
 * The personal-info form of spec 3/5. Spec 5's required fields are required here: userName,
 * realName, qrCode, phone, sex, birthday, cardPic, bankName, cardNo, role, idNo, idFrontPic,
 * idBackPic, nation, email, nickName, country, area. Introduction is at most 200 characters.
 */
const userProfileFields = {
  realName: requiredText('realName', 64),
  nickName: requiredText('nickName', 64),
  avatar: image('avatar').nullable().optional(),
  qrCode: image('qrCode'),
  birthday: birthdaySchema,
  sex: requiredEnum('sex', SEX),
  phone: phoneSchema,
  email: emailSchema,
  nation: requiredText('nation', 64),
  country: requiredText('country', 64),
  area: requiredText('area', 128),
  address: optionalText('address', 256),
  idNo: idNoSchema,
  idFrontPic: image('idFrontPic'),
  idBackPic: image('idBackPic'),
  cardNo: cardNoSchema,
  cardPic: image('cardPic'),
  bankName: requiredText('bankName', 128),
  politics: requiredEnum('politics', POLITICS).nullable().optional(),
  cultureLevel: requiredEnum('cultureLevel', CULTURE_LEVELS).nullable().optional(),
  certification: requiredEnum('certification', CERTIFICATION).optional(),
  introduction: optionalMultilineText('introduction', INTRODUCTION_MAX),
  enabled: requiredEnum('enabled', USER_ENABLED).optional(),
  role: requiredEnum('role', ROLES),
  /** Admin only; an agent's users always belong to its agent. Required for role agent. */
  agentId: rowId().nullable().optional(),
};

/** Spec 5's required fields, in form order (for the web form and the tests): the account's and the personal info. */
export const USER_REQUIRED_FIELDS = [
  'userName',
  'realName',
  'qrCode',
  'phone',
  'sex',
  'birthday',
  'cardPic',
  'bankName',
  'cardNo',
  'role',
  'idNo',
  'idFrontPic',
  'idBackPic',
  'nation',
  'email',
  'nickName',
  'country',
  'area',
] as const;

/** What an account needs (decision 0024): the rest of spec 5's required fields are the personal info. */
export const USER_ACCOUNT_FIELDS = ['userName', 'realName', 'role'] as const;

/**
 * Spec 5's personal info: required of the person, not of the account. The admin may leave it out when
 * creating the account; the user (or the admin, later) completes it (decision 0024).
 */
export const USER_PERSONAL_INFO_FIELDS = USER_REQUIRED_FIELDS.filter(
  (field): field is Exclude<(typeof USER_REQUIRED_FIELDS)[number], (typeof USER_ACCOUNT_FIELDS)[number]> =>
    !(USER_ACCOUNT_FIELDS as readonly string[]).includes(field),
);

/**
 * `POST /api/user/add`: an account (userName, realName, role; agentId for an agent) and whatever of the
 * personal-info form is known. A personal-info field that is sent is checked as on update (not empty, a
 * valid number or image). Without a password the user gets a one-time one.
 */
export const addUserBody = z
  .object({
    userName: text({ error: missing('userName', 'must be text') })
      .trim()
      .regex(USERNAME_PATTERN, '3-64 letters, digits or _ . @ -'),
    /** Absent: a one-time password (in the answer), to be changed at first login. */
    password: passwordSchema.optional(),
    ...userProfileFields,
  })
  .partial(Object.fromEntries(USER_PERSONAL_INFO_FIELDS.map((field) => [field, true])) as PersonalInfoMask);
type PersonalInfoMask = { [K in (typeof USER_PERSONAL_INFO_FIELDS)[number]]: true };
export type AddUserBody = z.infer<typeof addUserBody>;
export type AddUserInput = z.input<typeof addUserBody>;

/**
 * `PUT /api/user/update`: `id` plus only the fields that change. A required field may be left out
 * but not emptied. `enabled: 'disable'` ends the user's sessions at once. idNo/cardNo must be the
 * full numbers (never the masked ones a list shows); leave them out to keep them.
 */
export const updateUserBody = addUserBody.omit({ password: true }).partial().extend(idBody.shape);
export type UpdateUserBody = z.infer<typeof updateUserBody>;

/**
 * `PUT /api/user/updateSelf`: the caller edits its own safe profile fields (every role; the
 * overview's "edit info" and the settings page's basic info). Role, account, agent, enabled state, certification and the PII numbers
 * are not among them: keys other than these are refused.
 */
export const updateSelfBody = z
  .object({
    realName: userProfileFields.realName.optional(),
    nickName: userProfileFields.nickName.optional(),
    sex: userProfileFields.sex.optional(),
    birthday: birthdaySchema.optional(),
    phone: phoneSchema.optional(),
    email: emailSchema.optional(),
    nation: userProfileFields.nation.optional(),
    country: userProfileFields.country.optional(),
    area: userProfileFields.area.optional(),
    address: userProfileFields.address,
    introduction: userProfileFields.introduction,
    avatar: userProfileFields.avatar,
  })
  // Every other key is a 400 naming it (not silently dropped), so nobody mistakes it for saved.
  // (z.never() here would become one path-less "unrecognized key" issue; this names each key.)
  .catchall(
    z
      .unknown()
      .superRefine((_, ctx) => ctx.addIssue({ code: 'custom', message: 'cannot be changed on your own profile' })),
  );
export const UPDATE_SELF_FIELDS = Object.keys(updateSelfBody.shape) as (keyof typeof updateSelfBody.shape)[];
