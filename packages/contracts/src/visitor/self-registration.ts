import { z } from 'zod';
import { text } from '../shared/text.ts';
import { instant, rowIdParam } from '../shared/pagination.ts';
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
