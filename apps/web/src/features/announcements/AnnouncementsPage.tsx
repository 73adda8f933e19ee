import { PushpinFilled } from '@ant-design/icons';
import { Button, Space, Tag } from 'antd';
import type { TableColumnsType } from 'antd';
import { useTranslation } from 'react-i18next';
import {
  ANNOUNCEMENT_AUDIENCES,
  ANNOUNCEMENT_LEVELS,
  ANNOUNCEMENT_STATUSES,
  type AnnouncementItem,
} from '@siteops/contracts/announcement/schemas';
import { announcementApi } from '@siteops/contracts/announcement/api';
import { useEndpointMutation } from '@/api/queries';
import { listRead } from '@/components/list/listRead';
import { useListPage } from '@/components/list/useListPage';
import { message } from '@/lib/feedback';
import { useRowEditor } from '@/hooks/useRowEditor';
import { useUserStore } from '@/stores/user';
import { AnnouncementFormModal } from './AnnouncementFormModal';
import { actionsColumn, RowActions, RowAction } from '@/components/table/rowActions';
import { LazyPopconfirm } from '@/components/intent/LazyPopconfirm';
import { ListLayout } from '@/components/list/ListLayout';
import { useListDelete } from '@/components/list/useListDelete';
import { EllipsisText } from '@/components/EllipsisText';
import { timeColumn, valueColumn } from '@/components/table/columns';
import { SearchText } from '@/components/form/SearchText';
import { SearchSelect } from '@/components/form/SearchSelect';

const FILTERS = ['title', 'status', 'level', 'audience'] as const;
// Status colours (not the palette's green/orange fills), which keep 4.5:1 text contrast (axe, pages.spec).
const STATUS_COLOR = { draft: 'default', published: 'success', expired: 'warning' } as const;

const LIST = { filters: FILTERS };
export const firstRead = listRead(announcementApi.listAll, () => LIST);

/**
 * /user/announcements (admin, agent, manager): the announcements the caller may manage (the server's
 * scope: an agent those to its agent's people, a manager those to its projects' people). A draft is
 * published once, after a confirmation; that sends it to its audience's message boxes.
 */
export function AnnouncementsPage() {
  const { t } = useTranslation();
  const role = useUserStore((s) => s.role) ?? 'user';
  const agentId = useUserStore((s) => s.info?.agentId ?? null);
  const { table } = useListPage(announcementApi.listAll, LIST);
  const editor = useRowEditor<AnnouncementItem>();
  const publish = useEndpointMutation(announcementApi.publish, ['notification']);
  const { rowDelete } = useListDelete(announcementApi.delete);

  const audienceOf = (a: AnnouncementItem) => {
    const kind = t(`announcements.audiences.${a.audience}`);
    const target =
      a.audience === 'role'
        ? t(`role.${a.audienceRole}`)
        : a.audience === 'agent'
          ? a.audienceAgentName
          : a.audience === 'project'
            ? a.audienceProjectName
            : null;
    return target ? `${kind}: ${target}` : kind;
  };

  const columns: TableColumnsType<AnnouncementItem> = [
    valueColumn(
      'title',
      t('announcements.title'),
      (v, row) => (
        <Space size={4}>
          {row.pinned && <PushpinFilled aria-label={t('announcements.pinned')} />}
          <EllipsisText text={v} tooltip={row.body} maxWidth={280} />
        </Space>
      ),
      { sortable: true },
    ),
    valueColumn('level', t('announcements.level'), (v) => (
      <Tag color={v === 'warning' ? 'warning' : 'processing'}>{t(`announcements.levels.${v}`)}</Tag>
    )),
    { key: 'audience', title: t('announcements.audience'), render: (_: unknown, row) => audienceOf(row) },
    valueColumn('status', t('announcements.status'), (v) => (
      <Tag color={STATUS_COLOR[v]}>{t(`announcements.statuses.${v}`)}</Tag>
    )),
    timeColumn<AnnouncementItem>('publishedAt', t('announcements.publishedAt'), { sortable: true }),
    timeColumn<AnnouncementItem>('expiresAt', t('announcements.expiresAt'), { empty: t('announcements.never') }),
    { key: 'createdByName', dataIndex: 'createdByName', title: t('announcements.createdBy') },
    timeColumn<AnnouncementItem>('createdAt', t('announcements.createdAt'), { sortable: true }),
    actionsColumn<AnnouncementItem>(t, (row) => (
      <RowActions>
        <RowAction onClick={() => editor.edit(row)}>{t('common.edit')}</RowAction>
        {row.status === 'draft' && (
          <LazyPopconfirm
            title={t('announcements.publishConfirm', { title: row.title })}
            description={t('announcements.publishHint')}
            okText={t('announcements.publish')}
            cancelText={t('common.cancel')}
            onConfirm={async () => {
              const { recipients } = await publish.mutateAsync({ id: row.id });
              message().success(t('announcements.published', { count: recipients }));
            }}
          >
            <Button type="link" size="small">
              {t('announcements.publish')}
            </Button>
          </LazyPopconfirm>
        )}
        {rowDelete(row.id)}
      </RowActions>
    )),
  ];

  const filter = (name: 'status' | 'level' | 'audience', values: readonly string[], group: string, width: number) => (
    <SearchSelect
      name={name}
      label={t(`announcements.${name}`)}
      id={`announcements-query-${name}`}
      width={width}
      options={values.map((v) => ({ value: v, label: t(`announcements.${group}.${v}`) }))}
    />
  );
  return (
    <ListLayout
      search={
        <>
          <SearchText name="title" label={t('announcements.title')} id="announcements-query-title" />
          {filter('status', ANNOUNCEMENT_STATUSES, 'statuses', 140)}
          {filter('level', ANNOUNCEMENT_LEVELS, 'levels', 140)}
          {role === 'admin' && filter('audience', ANNOUNCEMENT_AUDIENCES, 'audiences', 160)}
        </>
      }
      table={{
        tableId: 'announcements',
        columns,
        ...table,
        onCreate: editor.create,
      }}
    >
      <AnnouncementFormModal editing={editor.editing} role={role} agentId={agentId} onClose={editor.close} />
    </ListLayout>
  );
}
