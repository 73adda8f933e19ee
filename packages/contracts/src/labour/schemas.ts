import { z } from 'zod';
import { requiredEnum, requiredText, optionalText } from '../shared/text-fields.ts';
import { text } from '../shared/text.ts';
import {
  calendarDate,
  pageQuery,
  rowId,
  rowIdParam,
  sortedPageQuery,
  textFilter,
  updateBodyOf,
} from '../shared/pagination.ts';
import { idNumberSchema, phoneSchema, SEX } from '../user/schemas.ts';
import { editTimes, imageRef, nullableRef, nullableString, rowRef } from '../shared/row-fields.ts';
import { SHEET_LANGS } from '../device/sheet.ts';
import { CERTIFICATE_STATES, labourPhoto } from './certificates.ts';

/**
 * Labour real-name management (issue 35): a project's workers, teams (班组) and subcontractors, and the
 * attendance the face terminals' passes make.
 */

/** A worker is on site, has left, or is blacklisted (with a reason), which also bars it from the agent's other projects. */
export const WORKER_STATUS = ['on_site', 'left', 'blacklisted'] as const;
export type WorkerStatus = (typeof WORKER_STATUS)[number];

/** Identity documents: mainland resident ID (check digit validated), HK/Macau and Taiwan permits, passport, foreigner's permit. */
export const WORKER_ID_TYPES = ['mainland', 'hkMacau', 'taiwan', 'passport', 'foreign'] as const;
export type WorkerIdType = (typeof WORKER_ID_TYPES)[number];

/** Trades (工种). */
export const LABOUR_TRADES = [
  'carpenter',
  'rebarWorker',
  'concreteWorker',
  'mason',
  'scaffolder',
  'electrician',
  'welder',
  'plumber',
  'painter',
  'plasterer',
  'towerCraneDriver',
  'signaller',
  'elevatorDriver',
  'machineOperator',
  'labourer',
  'other',
] as const;
export type LabourTrade = (typeof LABOUR_TRADES)[number];

/** A worker absent this many days in a row is notified, unless the project sets another number. */
export const DEFAULT_ABSENT_DAYS = 3;

/** The person id a face terminal knows a worker by (beside visitors' `V…` and personnel's `U…`). */
export const workerPersonId = (workerId: number) => `W${workerId}`;

/** A bank card number once spaces and dashes are taken out. */
export const BANK_CARD_PATTERN = /^\d{12,19}$/;

const bankCardNo = text({ error: 'bankCardNo must be text' })
  .transform((s) => s.replace(/[\s-]/g, ''))
  .refine((s) => s === '' || BANK_CARD_PATTERN.test(s), { message: 'bankCardNo must be 12 to 19 digits' })
  .transform((s) => (s === '' ? null : s));

const optionalId = (name: string) => rowId(`${name} must be a number`).nullable().optional();
const optionalDate = (name: string) =>
  text({ error: `${name} must be a date YYYY-MM-DD` })
    .trim()
    .refine((s) => s === '' || calendarDate.safeParse(s).success, { message: `${name} must be a date YYYY-MM-DD` })
    .transform((s) => (s === '' ? null : s))
    .nullable()
    .optional();

export const workerFields = {
  projectId: rowId('projectId is required'),
  realName: requiredText('realName', 64),
  idType: requiredEnum('idType', WORKER_ID_TYPES),
  /** The full number (never the masked one a list shows); a mainland number must pass its check digit. */
  idNo: idNumberSchema('idNo'),
  phone: phoneSchema,
  /** Derived from a mainland ID number (what is sent is ignored then); given for other documents. */
  gender: z
    .enum(SEX, { error: `gender must be one of ${SEX.join(', ')}` })
    .nullable()
    .optional(),
  birthDate: optionalDate('birthDate'),
  teamId: optionalId('teamId'),
  trade: requiredEnum('trade', LABOUR_TRADES),
  subcontractorId: optionalId('subcontractorId'),
  entryDate: text({ error: 'entryDate is required' })
    .trim()
    .refine((s) => calendarDate.safeParse(s).success, { message: 'entryDate must be a date YYYY-MM-DD' }),
  exitDate: optionalDate('exitDate'),
  status: z.enum(WORKER_STATUS, { error: `status must be one of ${WORKER_STATUS.join(', ')}` }).optional(),
  /** Required when the status is blacklisted. */
  blacklistReason: optionalText('blacklistReason', 256),
  emergencyContact: optionalText('emergencyContact', 64),
  emergencyPhone: optionalText('emergencyPhone', 32),
  /**
   * The wage card's number (12-19 digits; spaces and dashes dropped), stored encrypted and shown masked;
   * '' or null clears it. Never the masked one a list shows.
   */
  bankCardNo: bankCardNo.nullable().optional(),
  /** The face the terminals enrol: a photo uploaded through POST /api/labour/postPhoto. */
  photo: labourPhoto,
};

/** `POST /api/labour/add`. */
export const addWorkerBody = z.object(workerFields);

/** `PUT /api/labour/update`: `id` plus the fields that change (a worker stays in its project). */
export const updateWorkerBody = updateBodyOf(workerFields, ['projectId']);

export const WORKER_SORT_FIELDS = ['id', 'realName', 'entryDate', 'createdAt'] as const;

/** `GET /api/labour/listAll`. */
export const workerListQuery = sortedPageQuery(WORKER_SORT_FIELDS).extend({
  projectId: rowIdParam().optional(),
  /** Name contains. */
  realName: textFilter(64),
  /** Exact ID number (through its keyed hash). */
  idNo: textFilter(64),
  teamId: rowIdParam().optional(),
  subcontractorId: rowIdParam().optional(),
  trade: z.enum(LABOUR_TRADES).optional(),
  status: z.enum(WORKER_STATUS).optional(),
  /** Workers whose required certificate is in this state today. */
  certificateState: z.enum(CERTIFICATE_STATES).optional(),
});

/** A worker as lists show it: the ID number masked. */
export const workerItem = z.object({
  id: z.number(),
  ...rowRef('project'),
  realName: z.string(),
  idType: z.enum(WORKER_ID_TYPES),
  idNo: z.string(),
  phone: z.string(),
  gender: nullableString,
  birthDate: nullableString,
  ...nullableRef('team'),
  trade: z.enum(LABOUR_TRADES),
  ...nullableRef('subcontractor'),
  entryDate: z.string(),
  exitDate: nullableString,
  status: z.enum(WORKER_STATUS),
  blacklistReason: nullableString,
  emergencyContact: nullableString,
  emergencyPhone: nullableString,
  /** The wage card's number, masked (first 3 and last 4 digits); null when none is registered. */
  bankCardNo: nullableString,
  /** The face photo; its URL is valid a few minutes. */
  ...imageRef('photo'),
  /**
   * The required certificate on the project's today: valid, expiring (within 30 days), expired, or
   * missing; null when the worker's trade requires none (contracts' TRADE_REQUIRED_CERTIFICATES).
   */
  certificateState: z.enum(CERTIFICATE_STATES).nullable(),
  /** The latest valid-until date among the worker's required certificates. */
  certificateValidUntil: nullableString,
  /** Kept off the face terminals for want of a valid required certificate (the project's setting). */
  offTerminals: z.boolean(),
  ...editTimes,
});
export type WorkerItem = z.infer<typeof workerItem>;

// Teams and subcontractors ------------------------------------------------------------------------

export const teamFields = {
  projectId: rowId('projectId is required'),
  name: requiredText('name', 64),
  /** A worker of the same project. */
  leaderId: optionalId('leaderId'),
  subcontractorId: optionalId('subcontractorId'),
};
export const addTeamBody = z.object(teamFields);
export const updateTeamBody = updateBodyOf(teamFields, ['projectId']);

/** `GET /api/labour/teams` and `GET /api/labour/subcontractors`. */
export const projectPartQuery = pageQuery.extend({
  projectId: rowIdParam().optional(),
  /** Name contains. */
  name: textFilter(128),
});

export const teamItem = z.object({
  id: z.number(),
  ...rowRef('project'),
  name: z.string(),
  ...nullableRef('leader'),
  ...nullableRef('subcontractor'),
  /** Workers on site in the team. */
  onSite: z.number(),
  ...editTimes,
});
export type TeamItem = z.infer<typeof teamItem>;

export const subcontractorFields = {
  projectId: rowId('projectId is required'),
  name: requiredText('name', 128),
  /** Unified social credit code. */
  creditCode: optionalText('creditCode', 32),
  contact: optionalText('contact', 64),
  phone: optionalText('phone', 32),
};
export const addSubcontractorBody = z.object(subcontractorFields);
export const updateSubcontractorBody = updateBodyOf(subcontractorFields, ['projectId']);

export const subcontractorItem = z.object({
  id: z.number(),
  ...rowRef('project'),
  name: z.string(),
  creditCode: nullableString,
  contact: nullableString,
  phone: nullableString,
  onSite: z.number(),
  ...editTimes,
});
export type SubcontractorItem = z.infer<typeof subcontractorItem>;

// Settings and attendance -------------------------------------------------------------------------

/** A night shift's passes before this hour belong to the day before (the shift's start). */
export const DEFAULT_CUTOFF_HOUR = 4;
/** The project's wall clock: UTC+8 (China) unless set. */
export const DEFAULT_UTC_OFFSET_MINUTES = 480;

export const projectQuery = z.object({ projectId: rowIdParam() });

export const labourSettings = z.object({
  projectId: z.number(),
  cutoffHour: z.number(),
  utcOffsetMinutes: z.number(),
  /** Keep workers whose trade requires a certificate and who have none valid today off the face terminals. */
  requireValidCertificate: z.boolean(),
  /** A worker on site who has not passed a terminal for this many days in a row is notified as absent. */
  absentDays: z.number(),
});
export type LabourSettings = z.infer<typeof labourSettings>;

export const updateSettingsBody = z.object({
  projectId: rowId('projectId is required'),
  cutoffHour: z
    .number({ error: 'cutoffHour must be a number' })
    .int('cutoffHour must be between 0 and 12')
    .min(0, 'cutoffHour must be between 0 and 12')
    .max(12, 'cutoffHour must be between 0 and 12')
    .optional(),
  utcOffsetMinutes: z
    .number({ error: 'utcOffsetMinutes must be a number' })
    .int('utcOffsetMinutes must be between -720 and 840')
    .min(-720, 'utcOffsetMinutes must be between -720 and 840')
    .max(840, 'utcOffsetMinutes must be between -720 and 840')
    .optional(),
  requireValidCertificate: z.boolean({ error: 'requireValidCertificate must be true or false' }).optional(),
  absentDays: z
    .number({ error: 'absentDays must be a number' })
    .int('absentDays must be between 1 and 30')
    .min(1, 'absentDays must be between 1 and 30')
    .max(30, 'absentDays must be between 1 and 30')
    .optional(),
});

/** `GET /api/labour/daySheet`. */
export const daySheetQuery = z.object({
  projectId: rowIdParam(),
  date: calendarDate,
  teamId: rowIdParam().optional(),
});

export const daySheetRow = z.object({
  workerId: z.number(),
  realName: z.string(),
  ...nullableRef('team'),
  trade: z.enum(LABOUR_TRADES),
  status: z.enum(WORKER_STATUS),
  /** ISO instants; null when no such pass. */
  firstIn: nullableString,
  lastOut: nullableString,
  /** From first in to last out, in hours (2 decimals); null unless complete. */
  hours: z.number().nullable(),
  /** Both an in-pass and a later out-pass. */
  complete: z.boolean(),
  /** Any pass that day. */
  came: z.boolean(),
  /** The worker's latest pass (by the device's time) was an in-pass. */
  onSiteNow: z.boolean(),
  passes: z.number(),
});
export type DaySheetRow = z.infer<typeof daySheetRow>;

export const daySheetAnswer = z.object({
  date: z.string(),
  cutoffHour: z.number(),
  summary: z.object({
    /** Workers registered on site that day. */
    expected: z.number(),
    came: z.number(),
    absent: z.number(),
    complete: z.number(),
    onSiteNow: z.number(),
  }),
  rows: z.array(daySheetRow),
});
export type DaySheetAnswer = z.infer<typeof daySheetAnswer>;

const yearMonth = text()
  .trim()
  .regex(/^\d{4}-(0[1-9]|1[0-2])$/, 'month must be a month YYYY-MM');

/** `GET /api/labour/monthSheet`. */
export const monthSheetQuery = z.object({
  projectId: rowIdParam(),
  month: yearMonth,
  teamId: rowIdParam().optional(),
});
export const monthSheetExportQuery = monthSheetQuery.extend({ lang: z.enum(SHEET_LANGS).default('zh-CN') });

export const monthSheetRow = z.object({
  workerId: z.number(),
  realName: z.string(),
  teamName: nullableString,
  trade: z.enum(LABOUR_TRADES),
  /** Per day of the month (index 0 is the 1st): hours of a complete day, 0 for a day with passes but incomplete, null for none. */
  hours: z.array(z.number().nullable()),
  /** Days with any pass. */
  days: z.number(),
  /** Sum of the complete days' hours. */
  totalHours: z.number(),
});
export type MonthSheetRow = z.infer<typeof monthSheetRow>;

export const monthSheetAnswer = z.object({
  month: z.string(),
  daysInMonth: z.number(),
  rows: z.array(monthSheetRow),
});
export type MonthSheetAnswer = z.infer<typeof monthSheetAnswer>;

/** `GET /api/labour/workerAttendance`: one worker's month. */
export const workerAttendanceQuery = z.object({ id: rowIdParam(), month: yearMonth });

export const workerAttendanceDay = z.object({
  /** The work day (a night shift's passes after midnight, up to the cut-off hour, are the day before's). */
  date: z.string(),
  firstIn: nullableString,
  lastOut: nullableString,
  hours: z.number().nullable(),
  complete: z.boolean(),
  passes: z.number(),
});

export const workerAttendanceAnswer = z.object({
  workerId: z.number(),
  month: z.string(),
  cutoffHour: z.number(),
  /** The days with any pass, in date order. */
  days: z.array(workerAttendanceDay),
  /** Days with any pass, days complete, and the complete days' hours. */
  daysCame: z.number(),
  daysComplete: z.number(),
  totalHours: z.number(),
});
export type WorkerAttendanceAnswer = z.infer<typeof workerAttendanceAnswer>;

// Workplace figures and the reveal ------------------------------------------------------------------

/** Certificates whose valid-until date falls within this many days are counted on the Workplace. */
export const FIGURES_CERTIFICATE_DAYS = 30;

/** One project's labour today (its own work day and wall clock). */
export const labourProjectFigures = z.object({
  ...rowRef('project'),
  /** The project's current work day, YYYY-MM-DD. */
  day: z.string(),
  /** Workers whose latest pass of the work day (by the terminals' direction) is an in-pass. */
  onSiteNow: z.number(),
  /** Workers registered on site today. */
  expected: z.number(),
  /** Of those, the ones who passed a terminal today. */
  came: z.number(),
  /** came / expected (0..1, 3 decimals); null when nobody is expected. */
  attendanceRate: z.number().nullable(),
  /** Certificates of workers on site whose valid-until falls within the next 30 days (not renewed since). */
  expiringCertificates: z.number(),
});
export type LabourProjectFigures = z.infer<typeof labourProjectFigures>;

/** `GET /api/labour/figures`: the Workplace's labour figures, per project of the caller's and summed. */
export const labourFigures = z.object({
  projects: z.array(labourProjectFigures),
  total: labourProjectFigures.omit({ projectId: true, projectName: true, day: true }),
  at: z.string(),
});
export type LabourFigures = z.infer<typeof labourFigures>;

/** `GET /api/labour/reveal`: a worker's full ID and bank card numbers (admin only, audited). */
export const revealAnswer = z.object({
  id: z.number(),
  idNo: z.string(),
  bankCardNo: nullableString,
});
