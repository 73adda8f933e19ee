import { useState } from 'react';
import { Space, Tag, Typography } from 'antd';
import type { TableColumnsType } from 'antd';
import { useTranslation } from 'react-i18next';
import type { ProjectItem } from '@siteops/contracts/project/schemas';
import { PAGE_SIZE_MAX } from '@siteops/contracts/shared/pagination';
import { agentApi } from '@siteops/contracts/agent/api';
import { projectApi } from '@siteops/contracts/project/api';
import { useEndpointQuery } from '@/api/queries';
import { afterReport } from '@/api/reported';
import { listRead } from '@/components/list/listRead';
import { useListPage } from '@/components/list/useListPage';
import { RouterLink } from '@/components/RouterLink';
import { usePermission } from '@/hooks/usePermission';
import { useRowEditor } from '@/hooks/useRowEditor';
import { modal } from '@/lib/feedback';
import { AddManagerModal } from './AddManagerModal';
import { ProjectFormModal } from './ProjectFormModal';
import { projectInUseMessage } from './projectInUse';
import { actionsColumn, RowActions, RowAction } from '@/components/table/rowActions';
import { useListDelete } from '@/components/list/useListDelete';
import { ListLayout } from '@/components/list/ListLayout';
import { textColumn, timeColumn } from '@/components/table/columns';
import { SearchText } from '@/components/form/SearchText';
import { SearchSelect } from '@/components/form/SearchSelect';

const FILTERS = ['name', 'code', 'agentId'] as const;
const ADMIN_ONLY = ['admin'] as const;

const LIST = { filters: FILTERS };
export const firstRead = listRead(projectApi.listAll, () => LIST);

/**
 * /project/project-list (admin, manager): projects with their owning agent and managers. An
 * administrator creates, deletes and appoints managers; a manager sees (server scope) and edits only
 * the projects it manages.
 */
export function ProjectsPage() {
  const { t } = useTranslation();
  const isAdmin = usePermission(ADMIN_ONLY);
  const { table } = useListPage(projectApi.listAll, LIST);
  const agents = useEndpointQuery(
    agentApi.listAll,
    { page: 1, pageSize: PAGE_SIZE_MAX, sortField: 'name', sortOrder: 'asc' },
    { enabled: isAdmin },
  );
  const editor = useRowEditor<ProjectItem>();
  const [appointing, setAppointing] = useState<ProjectItem | null>(null);

  // Silent: a project still in use is explained in one dialog; any other failure is reported here.
  const { selectable, rowDelete } = useListDelete(projectApi.delete, {
    silent: true,
    onRefused: (error) => {
      const refusal = projectInUseMessage(error, t);
      if (refusal) modal().error(refusal);
      else void afterReport(Promise.reject(error));
    },
  });

  const columns: TableColumnsType<ProjectItem> = [
    { key: 'id', dataIndex: 'id', title: 'ID', sorter: true, width: 70 },
    { key: 'name', dataIndex: 'name', title: t('projects.name'), sorter: true },
    { key: 'code', dataIndex: 'code', title: t('projects.code'), sorter: true },
    {
      key: 'agentName',
      dataIndex: 'agentName',
      title: t('projects.agent'),
      render: (v: string | null) =>
        v ?? <Typography.Text type="secondary">{t('projects.platformOwned')}</Typography.Text>,
    },
    {
      key: 'managers',
      dataIndex: 'managers',
      title: t('projects.managers'),
      render: (_: unknown, row) => (
        <Space size={[4, 4]} wrap>
          {row.managers.map((m) => (
            <Tag key={m.id}>{m.realName ? `${m.realName} (${m.userName})` : m.userName}</Tag>
          ))}
        </Space>
      ),
    },
    { key: 'memberCount', dataIndex: 'memberCount', title: t('projects.memberCount') },
    textColumn<ProjectItem>('remark', t('projects.remark'), 240),
    timeColumn<ProjectItem>('createdAt', t('projects.createdAt'), { sortable: true }),
    actionsColumn<ProjectItem>(t, (row) => (
      <RowActions>
        <RowAction onClick={() => editor.edit(row)}>{t('common.edit')}</RowAction>
        {isAdmin && <RowAction onClick={() => setAppointing(row)}>{t('projects.addManager')}</RowAction>}
        <span style={{ padding: '0 7px' }}>
          <RouterLink to={`/project/project-User?projectId=${row.id}`}>{t('projects.personnel')}</RouterLink>
        </span>
        {isAdmin && rowDelete(row.id)}
      </RowActions>
    )),
  ];

  return (
    <ListLayout
      search={
        <>
          <SearchText name="name" label={t('projects.name')} id="projects-query-name" />
          <SearchText name="code" label={t('projects.code')} id="projects-query-code" />
          {isAdmin && (
            <SearchSelect
              name="agentId"
              label={t('projects.agent')}
              id="projects-query-agentId"
              width={180}
              options={(agents.data?.list ?? []).map((a) => ({ value: String(a.id), label: a.name }))}
              searchable
            />
          )}
        </>
      }
      table={{
        tableId: 'projects',
        columns,
        ...table,
        // Only an administrator creates and deletes.
        ...(isAdmin && { ...selectable, onCreate: editor.create }),
      }}
    >
      <ProjectFormModal editing={editor.editing} isAdmin={isAdmin} onClose={editor.close} />
      <AddManagerModal project={appointing} onClose={() => setAppointing(null)} />
    </ListLayout>
  );
}
