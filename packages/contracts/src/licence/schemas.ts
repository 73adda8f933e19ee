import { z } from 'zod';
import { nullableRef } from '../shared/row-fields.ts';
import { text } from '../shared/text.ts';
import { notText, optionalMultilineText } from '../shared/text-fields.ts';
import { pageQuery, rowId, rowIdParam, textFilter } from '../shared/pagination.ts';
import { deviceFields, macAddress } from '../device/schemas.ts';

// Licences (admin). The licence file itself is signed on the server; `@siteops/contracts/licence/verify`
// (Node only) verifies one. The schemas live here so the console can type the answers too.

/**
 * The terms a licence grants: which device, onto which platforms, until when. The signed licence and
 * the grant history answer them alike.
 */
const licenceTerms = {
  sn: z.string(),
  mac: z.string(),
  platforms: z.array(z.string()),
  expiresAt: z.string(),
  attachInfo: z.string().nullable(),
};

/** What a licence grants, exactly the bytes that are signed (through canonicalJson). */
export const licenceBody = z.object({
  licenceId: z.string(),
  ...licenceTerms,
  issuedAt: z.string(),
  /** The device proves itself to the gateway with this; the server keeps only its hash. */
  deviceSecret: z.string(),
});
export type LicenceBody = z.infer<typeof licenceBody>;

/** The content of a `<sn>.lic` file. */
export const licenceFile = z.object({
  format: z.literal('siteops-licence/1'),
  licence: licenceBody,
  signature: z.string(),
});
export type LicenceFile = z.infer<typeof licenceFile>;

/**
 * `POST /api/device/grant` (admin). `expiresAt` is a date (the licence is valid through the end of
 * that day, UTC) or a date-time; it must be in the future and not after the latest chosen platform's
 * expiration date. An expired platform is refused. Granting creates the device when the sn is new
 * (type from the body, default `gateway`), sets it `authorize` and rotates its secret: the previous
 * licence of the device stops working on the gateway.
 */
export const grantLicenceBody = z.object({
  sn: deviceFields.sn,
  mac: macAddress,
  platformIds: z.array(rowId()).max(100).default([]),
  expiresAt: text({ error: notText('expiresAt') })
    .trim()
    .refine((s) => /^\d{4}-\d{2}-\d{2}([T ][\d:.]+(Z|[+-]\d{2}:?\d{2})?)?$/.test(s) && !Number.isNaN(Date.parse(s)), {
      message: 'expiresAt must be a date YYYY-MM-DD or an ISO 8601 date-time',
    }),
  attachInfo: optionalMultilineText('attachInfo', 1024),
  /** Only used when the grant creates the device (default `gateway`); an existing device keeps its type unless given. */
  type: deviceFields.type.optional(),
});

/**
 * `?download=1` answers the file itself (`application/json`, `Content-Disposition: attachment;
 * filename="<sn>.lic"`) instead of the envelope. Failures are envelopes either way.
 */
export const grantLicenceQuery = z.object({
  download: z.enum(['true', 'false', '1', '0']).optional(),
});

/**
 * The envelope answer of a grant: the file name, the exact file text to save (`content`) and the same
 * file parsed. The server keeps only the secret's hash, so this is the only time the file exists:
 * there is no "download again" route; grant again for a new one (which rotates the secret).
 */
export const grantLicenceAnswer = z.object({
  fileName: z.string(),
  content: z.string(),
  file: licenceFile,
  deviceId: z.number(),
  /** The grant created the device (its sn was new). */
  created: z.boolean(),
});

/** `GET /api/device/licencePublicKey` (public; `?download=1` answers the PEM file). */
export const licencePublicKeyAnswer = z.object({
  algorithm: z.literal('Ed25519'),
  /** SPKI PEM. */
  pem: z.string(),
  /** SHA-256 of the DER public key, hex. */
  fingerprint: z.string(),
});
export const licencePublicKeyQuery = grantLicenceQuery;

/** `GET /api/device/grants` (admin): the grant history, newest first. */
export const grantListQuery = pageQuery.extend({
  /** Contains. */
  sn: textFilter(64),
  deviceId: rowIdParam().optional(),
});
export const grantItem = z.object({
  licenceId: z.string(),
  deviceId: z.number(),
  ...licenceTerms,
  ...nullableRef('issuedBy'),
  issuedAt: z.string(),
});
export type GrantItem = z.infer<typeof grantItem>;
