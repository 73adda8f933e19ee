import { Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import type { WorkerStatus } from '@siteops/contracts/labour/schemas';

// Status colours (not preset hues): the ones tuned for AA contrast in AppProviders.
const COLOR: Record<WorkerStatus, string> = { on_site: 'success', left: 'default', blacklisted: 'error' };

export function WorkerStatusTag({ status }: { status: WorkerStatus }) {
  const { t } = useTranslation();
  return <Tag color={COLOR[status]}>{t(`labour.statuses.${status}`)}</Tag>;
}

/** Hours as the sheets show them: up to two decimals, blank for none. */
export const hoursText = (h: number | null | undefined) => (h === null || h === undefined ? '' : String(h));
