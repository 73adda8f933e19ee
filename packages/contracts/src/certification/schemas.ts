import { z } from 'zod';
import { multilineText, text } from '../shared/text.ts';
import { missing, requiredEnum, requiredText } from '../shared/text-fields.ts';
import { CERTIFICATION, idNumberSchema } from '../user/schemas.ts';
import { idBody, idQuery, rowId, sortedPageQuery, textFilter } from '../shared/pagination.ts';
import { nullableString, rowRef } from '../shared/row-fields.ts';

/**
 * Real-name certification (spec 2/3/4): a user submits an enterprise certification, an admin passes or
 * rejects it with an opinion. A user whose certification passed submits the next one as a change of
 * subject; the passed one stays in force until the new one passes. See docs/decisions/0015.
 */
const CERTIFICATION_TYPES = ['enterprise', 'changeSubject'] as const;

/** `withdrawn`: the user took it back while it was being audited (only then). */
const CERTIFICATION_STATUS = ['auditing', 'passed', 'rejected', 'withdrawn'] as const;
export type CertificationStatus = (typeof CERTIFICATION_STATUS)[number];

export const ACCOUNT_TYPES = ['enterprise', 'individualBusiness', 'institution'] as const;
export const LEGAL_ID_TYPES = ['idCard', 'passport', 'hkMacauPass', 'taiwanPass'] as const;
export const ENTERPRISE_CERT_TYPES = ['businessLicence', 'institutionCertificate', 'other'] as const;
/** An admin's decision on a certification being audited. */
const REVIEW_RESULTS = ['passed', 'rejected'] as const;

/** Organisation code / unified social credit code: letters and digits once spaces and dashes are gone. */
export const ORG_CODE_PATTERN = /^[0-9A-Z]{8,18}$/;

const organisationCode = text({ error: missing('organisationCode', 'must be text') })
  .transform((v) => v.replace(/[\s-]+/g, '').toUpperCase())
  .superRefine((v, ctx) => {
    if (v === '') ctx.addIssue({ code: 'custom', message: 'organisationCode cannot be empty' });
    else if (!ORG_CODE_PATTERN.test(v)) {
      ctx.addIssue({ code: 'custom', message: 'organisationCode must be 8-18 letters or digits' });
    }
  });

/** `POST /api/certification/submit`: the enterprise certification form. */
export const submitCertificationBody = z.object({
  accountType: requiredEnum('accountType', ACCOUNT_TYPES),
  legalPersonName: requiredText('legalPersonName', 64),
  legalIdType: requiredEnum('legalIdType', LEGAL_ID_TYPES),
  /** The full number; stored encrypted, answered masked. */
  legalIdNo: idNumberSchema('legalIdNo'),
  enterpriseName: requiredText('enterpriseName', 128),
  enterpriseCertType: requiredEnum('enterpriseCertType', ENTERPRISE_CERT_TYPES),
  organisationCode,
});
export type SubmitCertificationInput = z.input<typeof submitCertificationBody>;

const CERTIFICATION_SORT_FIELDS = ['createdAt'] as const;

/** `GET /api/certification/listAll`: the caller's own records. */
export const certificationListQuery = sortedPageQuery(CERTIFICATION_SORT_FIELDS).extend({
  status: z.enum(CERTIFICATION_STATUS).optional(),
});

/** `GET /api/certification/reviewList` (admin): everybody's, by status (default: being audited). */
export const certificationReviewQuery = certificationListQuery.extend({
  /** Account name or enterprise name contains. */
  keyword: textFilter(128),
});

export const certificationIdQuery = idQuery;
export const withdrawCertificationBody = idBody;

/** `PUT /api/certification/review` (admin): pass or reject, with the opinion. */
export const reviewCertificationBody = z.object({
  id: rowId('id is required'),
  result: requiredEnum('result', REVIEW_RESULTS),
  opinion: multilineText({ error: 'opinion must be text' })
    .trim()
    .max(256, 'opinion is at most 256 characters')
    .transform((v) => (v === '' ? null : v))
    .nullable()
    .optional(),
});

/** One certification as its owner and the admins see it: the legal ID number masked. */
export const certificationItem = z.object({
  id: z.number(),
  ...rowRef('user'),
  type: z.enum(CERTIFICATION_TYPES),
  status: z.enum(CERTIFICATION_STATUS),
  accountType: z.enum(ACCOUNT_TYPES),
  legalPersonName: z.string(),
  legalIdType: z.enum(LEGAL_ID_TYPES),
  /** Masked: first 3 and last 4 characters. */
  legalIdNo: z.string(),
  enterpriseName: z.string(),
  enterpriseCertType: z.enum(ENTERPRISE_CERT_TYPES),
  organisationCode: z.string(),
  reviewerName: nullableString,
  reviewedAt: nullableString,
  opinion: nullableString,
  createdAt: z.string(),
});
export type CertificationItem = z.infer<typeof certificationItem>;

/**
 * `GET /api/certification/current`: the caller's certification status (spec 4: new, auth, unknown),
 * the certification in force (the last one passed), and the one being audited, if any.
 */
export const certificationCurrent = z.object({
  status: z.enum(CERTIFICATION),
  current: certificationItem.nullable(),
  auditing: certificationItem.nullable(),
});
