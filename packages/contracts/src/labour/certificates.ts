import { z } from 'zod';
import { requiredEnum, requiredText, optionalText } from '../shared/text-fields.ts';
import { calendarDate, rowId, updateBodyOf } from '../shared/pagination.ts';
import { text } from '../shared/text.ts';
import { editTimes, imageRef, nullableString } from '../shared/row-fields.ts';
import type { LabourTrade } from './schemas.ts';

/**
 * Workers' certificates (issue 35): 特种作业操作证 and the construction special-operation certificates.
 * A trade may require one of a few certificate types (TRADE_REQUIRED_CERTIFICATES, decision 0025): a
 * worker of that trade without one valid today is flagged, and a project may keep such workers off its
 * face terminals.
 */

/** Certificate types: the emergency-management special operation certificates, then the construction ones. */
export const CERTIFICATE_TYPES = [
  'electricalWork',
  'weldingCutting',
  'workAtHeight',
  'buildingElectrician',
  'buildingScaffolder',
  'craneSignaller',
  'towerCraneDriver',
  'hoistDriver',
  'craneInstaller',
  'other',
] as const;
export type CertificateType = (typeof CERTIFICATE_TYPES)[number];

/**
 * Which trades require a certificate, and which types satisfy it (any one valid is enough). Trades not
 * listed require none.
 */
export const TRADE_REQUIRED_CERTIFICATES: Partial<Record<LabourTrade, readonly CertificateType[]>> = {
  electrician: ['electricalWork', 'buildingElectrician'],
  welder: ['weldingCutting'],
  scaffolder: ['buildingScaffolder', 'workAtHeight'],
  towerCraneDriver: ['towerCraneDriver'],
  signaller: ['craneSignaller'],
  elevatorDriver: ['hoistDriver'],
};

/** A required certificate that expires within this many days is flagged ahead. */
export const CERTIFICATE_WARN_DAYS = 30;

/**
 * A worker's required certificate today: valid, expiring within CERTIFICATE_WARN_DAYS, expired, or none
 * entered. Null: the worker's trade requires none.
 */
export const CERTIFICATE_STATES = ['valid', 'expiring', 'expired', 'missing'] as const;
export type CertificateState = (typeof CERTIFICATE_STATES)[number];

/** The state of the latest valid-until date among a worker's required certificates (null: none) on `today`. */
export function certificateStateOf(validUntil: string | null, today: string): CertificateState {
  if (validUntil === null) return 'missing';
  if (validUntil < today) return 'expired';
  const warn = new Date(`${today}T00:00:00Z`);
  warn.setUTCDate(warn.getUTCDate() + CERTIFICATE_WARN_DAYS);
  return validUntil <= warn.toISOString().slice(0, 10) ? 'expiring' : 'valid';
}

/** A photo uploaded through POST /api/labour/postPhoto (a worker's face, a certificate's card), by its id. */
export const labourPhoto = z
  .uuid({ error: 'photo must be the id of an uploaded photo (POST /api/labour/postPhoto)' })
  .nullable()
  .optional();

const certificateFields = {
  workerId: rowId('workerId is required'),
  type: requiredEnum('type', CERTIFICATE_TYPES),
  number: requiredText('number', 64),
  issuedBy: optionalText('issuedBy', 128),
  validUntil: text({ error: 'validUntil is required' })
    .trim()
    .refine((s) => calendarDate.safeParse(s).success, { message: 'validUntil must be a date YYYY-MM-DD' }),
  /** A photo of the card: uploaded through POST /api/labour/postPhoto (checked as visitors' photos). */
  photo: labourPhoto,
};

/** `POST /api/labour/addCertificate`. */
export const addCertificateBody = z.object(certificateFields);

/** `PUT /api/labour/updateCertificate`: `id` plus the fields that change (a certificate stays its worker's). */
export const updateCertificateBody = updateBodyOf(certificateFields, ['workerId']);

export const certificateItem = z.object({
  id: z.number(),
  workerId: z.number(),
  projectId: z.number(),
  type: z.enum(CERTIFICATE_TYPES),
  number: z.string(),
  issuedBy: nullableString,
  validUntil: z.string(),
  /** valid / expiring / expired on the project's today. */
  state: z.enum(CERTIFICATE_STATES),
  /** One of the types the worker's trade requires. */
  required: z.boolean(),
  /** A photo of the card; its URL is valid a few minutes. */
  ...imageRef('photo'),
  ...editTimes,
});
export type CertificateItem = z.infer<typeof certificateItem>;

/** `GET /api/labour/certificates?id=<worker id>`. */
export const certificatesAnswer = z.object({
  workerId: z.number(),
  /** The worker's required certificate today (null: its trade requires none). */
  certificateState: z.enum(CERTIFICATE_STATES).nullable(),
  list: z.array(certificateItem),
});
