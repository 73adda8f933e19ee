import { useState } from 'react';
import { Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import type { AuditDetail } from '@siteops/contracts/audit/schemas';
import { DisclosureButton } from '@/components/DisclosureButton';
import { AuditChangesTable } from './AuditChangesTable';

const Raw = ({ value }: { value: object }) => (
  <pre style={{ margin: 0, whiteSpace: 'pre-wrap', wordBreak: 'break-word' }}>{JSON.stringify(value, null, 2)}</pre>
);

/**
 * The rest of an entry's detail behind a button. Not antd's Collapse: importing it moved shared antd code
 * into the login page's vendor chunk (+4 KB of brotli, scripts/budget.mjs).
 */
function RawToggle({ label, value }: { label: string; value: object }) {
  const [open, setOpen] = useState(false);
  return (
    <div>
      <DisclosureButton type="link" size="small" style={{ paddingInline: 0 }} open={open} onOpenChange={setOpen}>
        {label}
      </DisclosureButton>
      {open && <Raw value={value} />}
    </div>
  );
}

/**
 * One audit entry's detail: an update's changes as a before/after table, the rest of the detail (context,
 * the fields sent) behind a "Details" toggle; an entry without changes (older rows, other actions) shows
 * its detail as it was recorded.
 */
export function AuditEntryDetail({ detail, targetType }: { detail: AuditDetail | null; targetType?: string | null }) {
  const { t } = useTranslation();
  if (!detail) return null;
  const { changes, ...rest } = detail;
  if (!changes) return <Raw value={detail} />;
  return (
    <>
      {changes.length ? (
        <AuditChangesTable changes={changes} targetType={targetType} />
      ) : (
        <Typography.Text type="secondary">{t('auditChanges.none')}</Typography.Text>
      )}
      {Object.keys(rest).length > 0 && <RawToggle label={t('auditChanges.details')} value={rest} />}
    </>
  );
}
