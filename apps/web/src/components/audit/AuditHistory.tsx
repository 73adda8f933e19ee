import { Alert, Empty, Flex, Skeleton, Timeline, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { auditApi } from '@siteops/contracts/audit/api';
import type { AuditItem } from '@siteops/contracts/audit/schemas';
import { useEndpointQuery } from '@/api/queries';
import { usePermission } from '@/hooks/usePermission';
import { RouterLink } from '@/components/RouterLink';
import { formatDateTime } from '@/lib/time';
import { auditActionKey } from './changeRows';
import { AuditEntryDetail } from './AuditEntryDetail';

/** How many of a record's latest entries its history shows; the audit log has them all. */
const SHOWN = 50;

/** Whether the signed-in user may read the audit log (and so a record's history): its endpoint's roles. */
export const useCanReadAudit = () => usePermission(auditApi.listAll.access);

/**
 * A record's history: the audit log's entries about it (`targetType` `targetId`), newest first, each an
 * update's before/after or its recorded detail. For the detail pages of devices, projects, users…; only
 * for whoever may read the audit log ({@link useCanReadAudit}).
 */
export function AuditHistory({ targetType, targetId }: { targetType: string; targetId: number | string }) {
  const { t } = useTranslation();
  const id = String(targetId);
  // Fresh each time it opens: an edit made meanwhile (another module's write) is in it.
  const query = useEndpointQuery(auditApi.listAll, { targetType, targetId: id, pageSize: SHOWN }, { staleTime: 0 });
  if (query.isPending) return <Skeleton active paragraph={{ rows: 4 }} data-testid="audit-history-loading" />;
  if (query.isError) return <Alert type="error" showIcon title={t('auditChanges.historyFailed')} />;
  const { list, total } = query.data;
  if (!list.length) {
    return <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('auditChanges.historyEmpty')} />;
  }
  const entry = (r: AuditItem) => (
    <Flex vertical gap={4}>
      <Typography.Text strong>{t(auditActionKey(r.action), { defaultValue: r.action })}</Typography.Text>
      <Typography.Text type="secondary">
        {formatDateTime(r.createdAt)} · {t('auditChanges.by', { name: r.actorName ?? r.actorId ?? '-' })}
      </Typography.Text>
      <AuditEntryDetail detail={r.detail} targetType={r.targetType} />
    </Flex>
  );
  return (
    <Flex vertical gap={8} data-testid="audit-history">
      <Timeline items={list.map((r) => ({ key: r.id, content: entry(r) }))} />
      {total > list.length && (
        <Typography.Text type="secondary">
          {t('auditChanges.historyMore', { shown: list.length, total })}{' '}
          <RouterLink to={`/isystem/isystem-audit?${new URLSearchParams({ targetType, targetId: id })}`}>
            {t('auditChanges.historyAll')}
          </RouterLink>
        </Typography.Text>
      )}
    </Flex>
  );
}
