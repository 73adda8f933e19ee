import { Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import dayjs from 'dayjs';
import type { VisitorStatus } from '@siteops/contracts/visitor/schemas';

/** In the browser's time zone, as every list of the console shows times. */
export const time = (iso: string | null) => (iso ? dayjs(iso).format('YYYY-MM-DD HH:mm') : '');

// Status colours (not preset hues): they are the ones tuned for AA contrast in AppProviders.
const COLOR: Record<VisitorStatus, string> = { new: 'processing', valid: 'success', invalid: 'error' };

export function StatusTag({ status }: { status: VisitorStatus }) {
  const { t } = useTranslation();
  return <Tag color={COLOR[status]}>{t(`visitors.statuses.${status}`)}</Tag>;
}
