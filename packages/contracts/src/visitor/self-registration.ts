import { z } from 'zod';
import { text } from '../shared/text.ts';
import { instant, rowIdParam } from '../shared/pagination.ts';
import type { Access } from '../shared/endpoint.ts';
import { VISITOR_OPTIONAL_FIELDS, VISITOR_STATUS, visitorFields } from './schemas.ts';

/**
 * Self-registration from a phone: a project's public link carries an unguessable token; the visitor
 * fills in the form the project's configuration asks for and gets a secret with which it reads its own
 * registration (and, once approved, its pass) later. Nothing here needs a session.
 */

const token = text({ error: 'token is required' })
  .trim()
  .min(1, 'token cannot be empty')
  .max(64, 'token is at most 64 characters');

/** `GET /api/visitor/regLink`, `PUT /api/visitor/rotateRegLink` (admin). */
export const regLinkBody = z.object({ projectId: visitorFields.projectId });
export const regLinkQuery = z.object({ projectId: rowIdParam() });
export const regLinkItem = z.object({ projectId: z.number(), token: z.string(), createdAt: z.string() });

/** `GET /api/visitor/selfReg/form?token=`. */
export const selfRegFormQuery = z.object({ token });

/** A host a visitor may choose: only the name the project shows, never an account's other details. */
const selfRegHost = z.object({ id: z.number(), name: z.string() });

export const selfRegForm = z.object({
  projectName: z.string(),
  /** Fields required beyond realName and phone (the visit is the configured length from its start). */
  requiredFields: z.array(z.enum(VISITOR_OPTIONAL_FIELDS)),
  defaultVisitHours: z.number(),
  notice: z.string().nullable(),
  hosts: z.array(selfRegHost),
});
export type SelfRegForm = z.infer<typeof selfRegForm>;

/** `POST /api/visitor/selfReg/photo?token=`: the stored photo, to put in `avatar`. */
export const selfRegPhoto = z.object({ id: z.string(), width: z.number(), height: z.number() });

/**
 * `POST /api/visitor/selfReg/submit`. The visit starts at `visitStart` (now when absent) and lasts the
 * project's default visit length.
 */
export const selfRegBody = z.object({
  token,
  realName: visitorFields.realName,
  phone: visitorFields.phone,
  avatar: visitorFields.avatar,
  sex: visitorFields.sex,
  idNo: visitorFields.idNo,
  reasons: visitorFields.reasons,
  userId: visitorFields.userId,
  address: visitorFields.address,
  visitStart: instant.optional(),
});

export const selfRegSubmitted = z.object({
  /** Shown once: the only way to read this registration again (the phone keeps it). */
  secret: z.string(),
  status: z.enum(VISITOR_STATUS),
});

/** `POST /api/visitor/selfReg/status` (a body, so the secret stays out of URLs and access logs). */
export const selfRegStatusBody = z.object({
  secret: text({ error: 'secret is required' })
    .trim()
    .min(1, 'secret cannot be empty')
    .max(64, 'secret is at most 64 characters'),
});

export const selfRegStatus = z.object({
  projectName: z.string(),
  realName: z.string(),
  status: z.enum(VISITOR_STATUS),
  visitStart: z.string(),
  visitEnd: z.string(),
  /** The signed pass, once approved (null before, and after a refusal or the visit's end). */
  qrCode: z.string().nullable(),
  auditRemark: z.string().nullable(),
});
export type SelfRegStatus = z.infer<typeof selfRegStatus>;

/** What differs between one module's self-registration endpoints and another's (visitors', workers'). */
interface SelfRegistrationSpec<F extends z.ZodType, B extends z.ZodType, S extends z.ZodType, T extends z.ZodType> {
  /** Who manages a project's link (reads and replaces it). */
  linkAccess: Access;
  /** The link as its summaries name it: 'self-registration', 'worker self-registration'. */
  linkName: string;
  /** Who registers: 'visitor', 'worker'. */
  who: string;
  form: F;
  formSummary: string;
  submitBody: B;
  submitted: S;
  submitSummary: string;
  status: T;
  statusSummary: string;
}

/**
 * The endpoints of a project's self-registration link under `/api/<module>/`: its link, read and
 * replaced in the console, and the phone's form, face photo, submit and status by the link's token.
 */
export const selfRegistrationEndpoints = <
  const M extends string,
  F extends z.ZodType,
  B extends z.ZodType,
  S extends z.ZodType,
  T extends z.ZodType,
>(
  module: M,
  spec: SelfRegistrationSpec<F, B, S, T>,
) =>
  ({
    regLink: {
      method: 'GET',
      path: `/api/${module}/regLink`,
      access: spec.linkAccess,
      summary: `A project’s public ${spec.linkName} link token (made on first ask)`,
      query: regLinkQuery,
      answer: regLinkItem,
      errors: [404],
    },
    rotateRegLink: {
      method: 'PUT',
      path: `/api/${module}/rotateRegLink`,
      access: spec.linkAccess,
      summary: `Replace a project’s ${spec.linkName} link; the old link answers 404 from now on`,
      body: regLinkBody,
      answer: regLinkItem,
      message: 'Save Success',
      errors: [404],
    },
    selfRegForm: {
      method: 'GET',
      path: `/api/${module}/selfReg/form`,
      // The phone has no account: the link's token is the only key.
      access: 'public',
      summary: spec.formSummary,
      query: selfRegFormQuery,
      answer: spec.form,
      errors: [404, 429],
    },
    selfRegPhoto: {
      method: 'POST',
      path: `/api/${module}/selfReg/photo`,
      access: 'public',
      kind: 'upload',
      summary: `A self-registering ${spec.who}’s face photo (multipart part "file"; JPEG or PNG, 100-4096 px a side)`,
      query: selfRegFormQuery,
      answer: selfRegPhoto,
      errors: [404, 413, 429],
    },
    selfRegSubmit: {
      method: 'POST',
      path: `/api/${module}/selfReg/submit`,
      access: 'public',
      summary: spec.submitSummary,
      body: spec.submitBody,
      answer: spec.submitted,
      message: 'Save Success',
      errors: [404, 429],
    },
    selfRegStatus: {
      method: 'POST',
      path: `/api/${module}/selfReg/status`,
      access: 'public',
      summary: spec.statusSummary,
      body: selfRegStatusBody,
      answer: spec.status,
      readOnly: true,
      errors: [404, 429],
    },
  }) as const;
