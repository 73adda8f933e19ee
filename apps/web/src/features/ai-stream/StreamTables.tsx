import { Table, Tag, Typography } from 'antd';
import type { TableColumnsType, TableProps } from 'antd';
import { useTranslation } from 'react-i18next';
import type { AiStreamApplyItem } from '@siteops/contracts/ai-stream/schemas';
import type { DeviceChange } from './streamDiff';
import { useValueText } from './valueText';

const deviceLabel = (d: { sn: string; devName: string | null }) => (d.devName ? `${d.devName} (${d.sn})` : d.sn);

/** Both tables: one compact row per device (keyed by its id), all on one page, scrolling sideways if wide. */
function DeviceRowsTable<T extends { id: number }>(props: TableProps<T>) {
  return <Table<T> rowKey="id" size="small" pagination={false} scroll={{ x: 'max-content' }} {...props} />;
}

/** Per device: each setting the push would change, from -> to ("what would change" before pushing). */
export function DiffTable({ changes }: { changes: DeviceChange[] }) {
  const { t } = useTranslation();
  const valueText = useValueText();
  const columns: TableColumnsType<DeviceChange> = [
    { key: 'device', title: t('aiStream.device'), render: (_, d) => deviceLabel(d) },
    {
      key: 'changes',
      title: t('aiStream.changes'),
      render: (_, d) =>
        d.changes.length === 0 ? (
          <Typography.Text type="secondary">{t('aiStream.noChange')}</Typography.Text>
        ) : (
          <ul style={{ margin: 0, paddingInlineStart: 18 }}>
            {d.changes.map((c) => (
              <li key={c.key}>
                {t(`aiStream.field.${c.key}`)}: {valueText(c.key, c.from)} → <strong>{valueText(c.key, c.to)}</strong>
              </li>
            ))}
          </ul>
        ),
    },
  ];
  return <DeviceRowsTable columns={columns} dataSource={changes} />;
}

const OUTCOME_COLOR: Record<AiStreamApplyItem['outcome'], string> = {
  applied: 'success',
  refused: 'error',
  offline: 'default',
};

/** What each device answered to the push: applied (with the keys it changed), refused with its reason, offline. */
export function ResultsTable({ results }: { results: AiStreamApplyItem[] }) {
  const { t } = useTranslation();
  const columns: TableColumnsType<AiStreamApplyItem> = [
    { key: 'device', title: t('aiStream.device'), render: (_, d) => deviceLabel(d) },
    {
      key: 'outcome',
      title: t('aiStream.outcome'),
      render: (_, d) => <Tag color={OUTCOME_COLOR[d.outcome]}>{t(`aiStream.outcomes.${d.outcome}`)}</Tag>,
    },
    {
      key: 'detail',
      title: t('aiStream.reason'),
      render: (_, d) =>
        d.outcome === 'applied'
          ? d.changed.length
            ? `${t('aiStream.changed')}: ${d.changed.map((k) => t(`aiStream.field.${k}`)).join(', ')}`
            : t('aiStream.alreadySo')
          : (d.reason ?? ''),
    },
  ];
  return <DeviceRowsTable columns={columns} dataSource={results} data-testid="ai-stream-results" />;
}
