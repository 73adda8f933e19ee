import { Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import type { WorkerStatus } from '@siteops/contracts/labour/schemas';
import type { CertificateState } from '@siteops/contracts/labour/certificates';

// Status colours (not preset hues): the ones tuned for AA contrast in AppProviders.
const COLOR: Record<WorkerStatus, string> = { on_site: 'success', left: 'default', blacklisted: 'error' };

export function WorkerStatusTag({ status }: { status: WorkerStatus }) {
  const { t } = useTranslation();
  return <Tag color={COLOR[status]}>{t(`labour.statuses.${status}`)}</Tag>;
}

/** Hours as the sheets show them: up to two decimals, blank for none. */
export const hoursText = (h: number | null | undefined) => (h === null || h === undefined ? '' : String(h));

const CERTIFICATE_COLOR: Record<CertificateState, string> = {
  valid: 'success',
  expiring: 'warning',
  expired: 'error',
  missing: 'error',
};

/** A required certificate's state (valid, expiring within 30 days, expired, none entered); `until` as its tooltip. */
export function CertificateStateTag({ state, until }: { state: CertificateState; until?: string | null }) {
  const { t } = useTranslation();
  return (
    <Tag color={CERTIFICATE_COLOR[state]} title={until ? t('labour.validUntilDate', { date: until }) : undefined}>
      {t(`labour.certificateStates.${state}`)}
    </Tag>
  );
}
