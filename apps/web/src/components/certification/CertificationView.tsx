import { Descriptions, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import type { CertificationItem, CertificationStatus } from '@siteops/contracts/certification/schemas';
import { formatMinute } from '@/lib/time';

// Status colours (not preset hues): they are the ones tuned for AA contrast in AppProviders.
const STATUS_COLOR: Record<CertificationStatus, string> = {
  auditing: 'processing',
  passed: 'success',
  rejected: 'error',
  withdrawn: 'default',
};

/** A certification record's status: passed, auditing, rejected, withdrawn. */
export function CertificationStatusTag({ status }: { status: CertificationStatus }) {
  const { t } = useTranslation();
  return <Tag color={STATUS_COLOR[status]}>{t(`certification.status.${status}`)}</Tag>;
}

/** A user's certification status (spec 4): new, auth (certified), unknown (being audited). */
export function UserCertificationTag({ status }: { status: 'new' | 'auth' | 'unknown' }) {
  const { t } = useTranslation();
  const color = status === 'auth' ? 'success' : status === 'unknown' ? 'processing' : 'default';
  return <Tag color={color}>{t(`values.certification.${status}`)}</Tag>;
}

/** The record's "content" column: what was certified, in one line. */
export const certificationContent = (c: Pick<CertificationItem, 'enterpriseName' | 'organisationCode'>) =>
  `${c.enterpriseName} · ${c.organisationCode}`;

/**
 * The enterprise certification (spec 3): account type, status, time, legal person name, legal ID type and
 * number (masked by the server), enterprise name, enterprise certificate type, organisation code; the
 * review's opinion when there is one.
 */
export function CertificationDescriptions({ item, column = 2 }: { item: CertificationItem; column?: number }) {
  const { t } = useTranslation();
  const label = (key: string) => t(`certification.field.${key}`);
  return (
    <Descriptions
      size="small"
      column={{ xs: 1, sm: column }}
      items={[
        {
          key: 'accountType',
          label: label('accountType'),
          children: t(`certification.accountType.${item.accountType}`),
        },
        { key: 'status', label: label('status'), children: <CertificationStatusTag status={item.status} /> },
        { key: 'time', label: label('time'), children: formatMinute(item.reviewedAt ?? item.createdAt) },
        { key: 'legalPersonName', label: label('legalPersonName'), children: item.legalPersonName },
        {
          key: 'legalIdType',
          label: label('legalIdType'),
          children: t(`certification.legalIdType.${item.legalIdType}`),
        },
        { key: 'legalIdNo', label: label('legalIdNo'), children: item.legalIdNo },
        { key: 'enterpriseName', label: label('enterpriseName'), children: item.enterpriseName },
        {
          key: 'enterpriseCertType',
          label: label('enterpriseCertType'),
          children: t(`certification.enterpriseCertType.${item.enterpriseCertType}`),
        },
        { key: 'organisationCode', label: label('organisationCode'), children: item.organisationCode },
        ...(item.reviewedAt
          ? [
              { key: 'reviewer', label: label('reviewer'), children: item.reviewerName ?? '' },
              { key: 'opinion', label: label('opinion'), children: item.opinion ?? '' },
            ]
          : []),
      ]}
    />
  );
}
