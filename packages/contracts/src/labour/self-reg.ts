import { z } from 'zod';
import { defineEndpoints } from '../shared/endpoint.ts';
import { createdAnswer, pageOf, pageQuery, rowId, rowIdParam } from '../shared/pagination.ts';
import { requiredText } from '../shared/text-fields.ts';
import { DEVICE_SCOPE_ROLES } from '../shared/roles.ts';
import { nullableString } from '../shared/row-fields.ts';
import { selfRegFormQuery, selfRegistrationEndpoints } from '../visitor/self-registration.ts';
import { workerFields, workerItem } from './schemas.ts';

/**
 * A worker's self-registration from a phone (issue 35), as a visitor's: a project's public link (QR code)
 * with an unguessable token; the worker fills in the register's fields and gets a secret to read its
 * application back; the project's manager (agent, admin in scope) approves it, which registers the worker
 * through the console's own path, or rejects it with a reason.
 */

export const APPLICATION_STATUS = ['pending', 'approved', 'rejected'] as const;
export type ApplicationStatus = (typeof APPLICATION_STATUS)[number];

/** `GET /api/labour/selfReg/form?token=`: what the phone's form needs. */
export const workerSelfRegForm = z.object({
  projectName: z.string(),
  teams: z.array(z.object({ id: z.number(), name: z.string() })),
});
export type WorkerSelfRegForm = z.infer<typeof workerSelfRegForm>;

/** `POST /api/labour/selfReg/submit`: the register's fields a worker knows about itself. */
export const workerSelfRegBody = z.object({
  token: selfRegFormQuery.shape.token,
  realName: workerFields.realName,
  idType: workerFields.idType,
  idNo: workerFields.idNo,
  phone: workerFields.phone,
  gender: workerFields.gender,
  birthDate: workerFields.birthDate,
  trade: workerFields.trade,
  teamId: workerFields.teamId,
  emergencyContact: workerFields.emergencyContact,
  emergencyPhone: workerFields.emergencyPhone,
  /** A photo uploaded through POST /api/labour/selfReg/photo. */
  photo: z.uuid({ error: 'photo must be the id of an uploaded photo (POST /api/labour/selfReg/photo)' }),
});
export type WorkerSelfRegBody = z.input<typeof workerSelfRegBody>;

export const workerSelfRegSubmitted = z.object({
  /** Shown once: the only way to read this application again (the phone keeps it). */
  secret: z.string(),
  status: z.enum(APPLICATION_STATUS),
});

export const workerSelfRegStatus = z.object({
  projectName: z.string(),
  realName: z.string(),
  status: z.enum(APPLICATION_STATUS),
  /** Why it was rejected (null otherwise). */
  rejectReason: nullableString,
});
export type WorkerSelfRegStatus = z.infer<typeof workerSelfRegStatus>;

export const applicationListQuery = pageQuery.extend({
  projectId: rowIdParam().optional(),
  status: z.enum(APPLICATION_STATUS).optional(),
});

/** An application as the console lists it: the worker's fields as a worker's list shows them (ID number masked). */
export const applicationItem = workerItem
  .pick({
    id: true,
    projectId: true,
    projectName: true,
    realName: true,
    idType: true,
    idNo: true,
    phone: true,
    gender: true,
    birthDate: true,
    trade: true,
    teamId: true,
    teamName: true,
    emergencyContact: true,
    emergencyPhone: true,
    photoUrl: true,
  })
  .extend({
    status: z.enum(APPLICATION_STATUS),
    rejectReason: nullableString,
    /** The worker approval registered. */
    workerId: z.number().nullable(),
    createdAt: z.string(),
    decidedAt: nullableString,
  });
export type ApplicationItem = z.infer<typeof applicationItem>;

export const approveApplicationBody = z.object({ id: rowId('id is required') });
export const rejectApplicationBody = z.object({
  id: rowId('id is required'),
  reason: requiredText('reason', 256),
});

const LABOUR_ROLES = DEVICE_SCOPE_ROLES;

export const labourSelfRegApi = defineEndpoints('labour', {
  ...selfRegistrationEndpoints('labour', {
    linkAccess: LABOUR_ROLES,
    linkName: 'worker self-registration',
    who: 'worker',
    form: workerSelfRegForm,
    formSummary: 'The worker registration form of a link: project name and teams',
    submitBody: workerSelfRegBody,
    submitted: workerSelfRegSubmitted,
    submitSummary: 'Apply to a project’s register through its link; answers the secret to read the application back',
    status: workerSelfRegStatus,
    statusSummary: 'One’s own worker application by its secret: pending, approved, or rejected with the reason',
  }),
  applications: {
    method: 'GET',
    path: '/api/labour/applications',
    access: LABOUR_ROLES,
    summary: 'Worker self-registrations of the caller’s projects, pending first then newest',
    query: applicationListQuery,
    answer: pageOf(applicationItem),
  },
  approveApplication: {
    method: 'PUT',
    path: '/api/labour/approveApplication',
    access: LABOUR_ROLES,
    summary:
      'Approve a pending application: registers the worker (on site from today) with every rule of /api/labour/add',
    body: approveApplicationBody,
    answer: createdAnswer,
    message: 'Save Success',
    errors: [404, 409],
    resource: 'labourApplication',
  },
  rejectApplication: {
    method: 'PUT',
    path: '/api/labour/rejectApplication',
    access: LABOUR_ROLES,
    summary: 'Reject a pending application with a reason the applicant’s phone shows',
    body: rejectApplicationBody,
    answer: z.null(),
    message: 'Save Success',
    errors: [404, 409],
    resource: 'labourApplication',
  },
});
