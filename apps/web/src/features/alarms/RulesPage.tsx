import { Tag } from 'antd';
import type { TableColumnsType } from 'antd';
import { useTranslation } from 'react-i18next';
import { alarmApi } from '@siteops/contracts/alarm/api';
import { ALARM_RULE_SCOPES, ALARM_SEVERITIES } from '@siteops/contracts/alarm/rules';
import { DEVICE_TYPES } from '@siteops/contracts/device-protocol';
import { SearchSelect } from '@/components/form/SearchSelect';
import { ListLayout } from '@/components/list/ListLayout';
import { listRead } from '@/components/list/listRead';
import { useListDelete } from '@/components/list/useListDelete';
import { useListPage, type ItemOf } from '@/components/list/useListPage';
import { timeColumn } from '@/components/table/columns';
import { editDeleteColumn } from '@/components/table/rowActions';
import { useRowEditor } from '@/hooks/useRowEditor';
import { useUserStore } from '@/stores/user';
import { conditionText, fieldOf, ruleNameText, SEVERITY_COLOR, sourceText, windowText } from './alarmText';
import { RuleFormModal } from './RuleFormModal';

type RuleRow = ItemOf<typeof alarmApi.ruleListAll>;

const FILTERS = ['deviceType', 'scope', 'severity'] as const;
const LIST = { filters: FILTERS };
export const firstRead = listRead(alarmApi.ruleListAll, () => LIST);

/**
 * /alarm/alarm-rules (admin, agent, manager): the alarm rules in the caller's scope (admins the fleet's,
 * agents their agent's, managers their projects'); add (from a template or from nothing), edit, and delete
 * after a confirmation (its alarms go with it).
 */
export function RulesPage() {
  const { t } = useTranslation();
  const role = useUserStore((s) => s.role) ?? 'user';
  const { table } = useListPage(alarmApi.ruleListAll, LIST);
  const { rowDelete, selectable } = useListDelete(alarmApi.ruleDelete);
  const editor = useRowEditor<RuleRow>();
  const fieldLabel = (deviceType: string) => (field: string) =>
    t(`deviceLink.readings.fields.${field}`, { defaultValue: fieldOf(deviceType, field)?.label ?? field });

  const columns: TableColumnsType<RuleRow> = [
    {
      key: 'name',
      dataIndex: 'name',
      title: t('alarms.rules.name'),
      render: (v: string) => ruleNameText(v, t),
    },
    {
      key: 'deviceType',
      dataIndex: 'deviceType',
      title: t('alarms.deviceType'),
      render: (v: string | null) => (v ? t(`devices.type.${v}`) : t('alarms.rules.everyType')),
    },
    {
      key: 'scope',
      dataIndex: 'scope',
      title: t('alarms.rules.scope'),
      render: (v: RuleRow['scope'], row) => {
        const id = row.agentId ?? row.projectId ?? row.deviceId;
        const what = row.targetName ?? (id ? `#${id}` : null);
        return what ? `${t(`alarms.scopes.${v}`)}: ${what}` : t(`alarms.scopes.${v}`);
      },
    },
    {
      key: 'condition',
      title: t('alarms.rules.condition'),
      render: (_: unknown, row) => {
        if (row.source.kind !== 'reading' || !row.condition || !row.deviceType) {
          return row.source.kind === 'reading' ? '-' : sourceText(row.source, t);
        }
        const text = conditionText(
          row.deviceType,
          row.condition,
          fieldLabel(row.deviceType),
          t(`alarms.logic.${row.condition.logic}`),
        );
        const window = windowText(row.condition.window, (d) => t(`alarms.weekdays.${d}`));
        return window ? `${text} (${window})` : text;
      },
    },
    {
      key: 'durationSeconds',
      dataIndex: 'durationSeconds',
      title: t('alarms.rules.duration'),
      render: (v: number, row) =>
        row.source.kind !== 'reading'
          ? '-'
          : v > 0
            ? t('alarms.detail.forSeconds', { count: v })
            : t('alarms.rules.atOnce'),
    },
    {
      key: 'severity',
      dataIndex: 'severity',
      title: t('alarms.severity'),
      render: (v: RuleRow['severity']) => <Tag color={SEVERITY_COLOR[v]}>{t(`alarms.severities.${v}`)}</Tag>,
    },
    {
      key: 'enabled',
      dataIndex: 'enabled',
      title: t('alarms.rules.enabled'),
      render: (v: boolean) => (v ? t('alarms.rules.on') : t('alarms.rules.off')),
    },
    timeColumn<RuleRow>('updatedAt', t('alarms.rules.updatedAt')),
    editDeleteColumn<RuleRow>(t, editor.edit, rowDelete),
  ];

  const filter = (name: (typeof FILTERS)[number], values: readonly string[], group: string, width: number) => (
    <SearchSelect
      name={name}
      label={
        name === 'deviceType'
          ? t('alarms.deviceType')
          : name === 'scope'
            ? t('alarms.rules.scope')
            : t('alarms.severity')
      }
      id={`alarm-rules-query-${name}`}
      width={width}
      options={values.map((v) => ({ value: v, label: t(`${group}.${v}`) }))}
    />
  );
  return (
    <ListLayout
      search={
        <>
          {filter('deviceType', DEVICE_TYPES, 'devices.type', 170)}
          {filter('scope', ALARM_RULE_SCOPES, 'alarms.scopes', 130)}
          {filter('severity', ALARM_SEVERITIES, 'alarms.severities', 130)}
        </>
      }
      table={{
        tableId: 'alarm-rules',
        columns,
        ...table,
        ...selectable,
        onCreate: editor.create,
      }}
    >
      <RuleFormModal editing={editor.editing} role={role} onClose={editor.close} />
    </ListLayout>
  );
}
