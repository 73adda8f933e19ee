import type { CSSProperties } from 'react';
import { Table, Typography } from 'antd';
import type { TableColumnsType } from 'antd';
import { useTranslation } from 'react-i18next';
import type { AuditChange } from '@siteops/contracts/audit/schemas';
import { changeRows, type ChangeRow } from './changeRows';

/** Long values wrap inside their cell, never widen the table. */
const WRAP: CSSProperties = { whiteSpace: 'pre-wrap', wordBreak: 'break-word' };

/**
 * An update's changes side by side: field (labelled as its page labels it), before, after. A password or
 * secret spans both value cells: changed, its values never recorded.
 */
export function AuditChangesTable({
  changes,
  targetType,
}: {
  changes: readonly AuditChange[];
  /** The audit row's target type: where the field labels come from. */
  targetType?: string | null;
}) {
  const { t, i18n } = useTranslation();
  const rows = changeRows(i18n, targetType, changes);
  const value = (text: string, row: ChangeRow) =>
    row.redacted ? <Typography.Text type="secondary">{text}</Typography.Text> : <span style={WRAP}>{text}</span>;
  const columns: TableColumnsType<ChangeRow> = [
    {
      key: 'label',
      dataIndex: 'label',
      title: t('auditChanges.field'),
      width: '26%',
      render: (label: string, row) => (
        <span style={WRAP} title={row.field}>
          {label}
        </span>
      ),
    },
    {
      key: 'before',
      dataIndex: 'before',
      title: t('auditChanges.before'),
      onCell: (row) => ({ colSpan: row.redacted ? 2 : 1 }),
      render: value,
    },
    {
      key: 'after',
      dataIndex: 'after',
      title: t('auditChanges.after'),
      onCell: (row) => ({ colSpan: row.redacted ? 0 : 1 }),
      render: value,
    },
  ];
  return (
    <Table<ChangeRow>
      size="small"
      bordered
      tableLayout="fixed"
      pagination={false}
      rowKey="field"
      columns={columns}
      dataSource={rows}
      aria-label={t('auditChanges.table')}
      data-testid="audit-changes"
    />
  );
}
