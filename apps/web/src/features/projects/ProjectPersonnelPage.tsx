import { useState } from 'react';
import { Alert, Button, Card, Flex, Select, Space, Tag } from 'antd';
import type { TableColumnsType } from 'antd';
import { UserAddOutlined, UserDeleteOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import type { ProjectMemberItem } from '@siteops/contracts/project/schemas';
import { PAGE_SIZE_MAX } from '@siteops/contracts/shared/pagination';
import { projectApi } from '@siteops/contracts/project/api';
import { useEndpointMutation, useEndpointQuery } from '@/api/queries';
import { afterReport } from '@/api/reported';
import { DataTable } from '@/components/table/DataTable';
import { useRowSelection } from '@/components/table/useRowSelection';
import { useListPage } from '@/components/list/useListPage';
import { QueryForm } from '@/components/form/QueryForm';
import { message } from '@/lib/feedback';
import { useUserStore } from '@/stores/user';
import { AddMembersModal } from './AddMembersModal';
import { useDebouncedValue } from './useDebouncedValue';
import { actionsColumn, RowActions } from '@/components/table/rowActions';
import { RowDeleteButton } from '@/components/table/RowDeleteButton';
import { BatchDeleteButton } from '@/components/table/BatchDeleteButton';
import { timeColumn, valueColumn } from '@/components/table/columns';
import { SearchText } from '@/components/form/SearchText';

/**
 * /project/project-User (admin, manager): the people of one project (chosen here or given as
 * ?projectId=), with the user-list columns that matter on site; add several at once, remove one or many.
 */
export function ProjectPersonnelPage() {
  const { t } = useTranslation();
  const [search, setSearch] = useSearchParams();
  const chosenId = Number(search.get('projectId')) || undefined;
  const [projectSearch, setProjectSearch] = useState('');
  const projectName = useDebouncedValue(projectSearch, 250);
  const projects = useEndpointQuery(projectApi.listAll, {
    page: 1,
    pageSize: PAGE_SIZE_MAX,
    sortField: 'name',
    sortOrder: 'asc',
    name: projectName || undefined,
  });
  // Nothing chosen yet: show the first project the caller may see (a manager usually has one).
  const projectId = chosenId ?? (projectName === '' ? projects.data?.list[0]?.id : undefined);
  const project = useEndpointQuery(projectApi.detail, { id: projectId ?? 0 }, { enabled: projectId !== undefined });
  const { table } = useListPage(projectApi.members, {
    filters: ['keyword'],
    fixed: { projectId: projectId ?? 0 },
    enabled: projectId !== undefined,
  });
  const remove = useEndpointMutation(projectApi.removeMembers);
  // Removing a manager is admin-only on the server; a manager sees no button it would be refused.
  const isAdmin = useUserStore((s) => s.info?.role) === 'admin';
  const { selected, setSelected, ids, deselect, selection } = useRowSelection();
  const [adding, setAdding] = useState(false);

  const chooseProject = (id: number | undefined) => {
    const next = new URLSearchParams(search);
    if (id) next.set('projectId', String(id));
    else next.delete('projectId');
    next.delete('keyword');
    next.delete('page');
    setSelected([]);
    setSearch(next);
  };

  const removeIds = async (userIds: number[]) => {
    if (!projectId) return;
    const { removed } = await remove.mutateAsync({ projectId, userIds });
    deselect(userIds);
    message().success(t('projects.people.removeSuccess', { count: removed }));
  };

  const label = (prefix: string, v: string | null) => (v ? t(`${prefix}.${v}`, { defaultValue: v }) : '');
  const columns: TableColumnsType<ProjectMemberItem> = [
    { key: 'userName', dataIndex: 'userName', title: t('projects.people.userName') },
    { key: 'realName', dataIndex: 'realName', title: t('projects.people.realName') },
    { key: 'phone', dataIndex: 'phone', title: t('projects.people.phone') },
    valueColumn('sex', t('projects.people.sex'), (v) => label('values.sex', v)),
    { key: 'role', dataIndex: 'role', title: t('projects.people.role'), render: (v: string) => label('role', v) },
    {
      key: 'projectRole',
      dataIndex: 'projectRole',
      title: t('projects.people.projectRole'),
      render: (v: string) => (
        <Tag color={v === 'manager' ? 'processing' : 'default'}>{label('projects.people.projectRoles', v)}</Tag>
      ),
    },
    {
      key: 'enabled',
      dataIndex: 'enabled',
      title: t('projects.people.enabled'),
      render: (v: string) => (
        <Tag color={v === 'enable' ? 'success' : v === 'disable' ? 'error' : 'default'}>
          {label('values.enabled', v)}
        </Tag>
      ),
    },
    valueColumn('certification', t('projects.people.certification'), (v) => label('values.certification', v)),
    timeColumn<ProjectMemberItem>('joinedAt', t('projects.people.joinedAt')),
    actionsColumn<ProjectMemberItem>(t, (row) =>
      row.projectRole === 'manager' && !isAdmin ? null : (
        <RowActions>
          <RowDeleteButton
            title={t('projects.people.removeConfirm')}
            label={t('projects.people.remove')}
            onConfirm={() => afterReport(removeIds([row.userId]))}
          />
        </RowActions>
      ),
    ),
  ];

  const options = (projects.data?.list ?? []).map((p) => ({ value: p.id, label: `${p.name} (${p.code})` }));
  if (project.data && !options.some((o) => o.value === project.data.id)) {
    options.unshift({ value: project.data.id, label: `${project.data.name} (${project.data.code})` });
  }

  return (
    <Flex vertical gap={16}>
      <Card>
        <Flex wrap gap={16} align="center">
          <Space>
            <span>{t('projects.people.chooseProject')}</span>
            <Select<number>
              aria-label={t('projects.people.chooseProject')}
              style={{ width: 320 }}
              showSearch={{ filterOption: false, onSearch: setProjectSearch }}
              loading={projects.isFetching}
              value={projectId}
              placeholder={t('projects.people.chooseProjectHint')}
              options={options}
              onChange={(id) => {
                setProjectSearch('');
                chooseProject(id);
              }}
            />
          </Space>
          {projectId && (
            <QueryForm names={['keyword']}>
              <SearchText name="keyword" label={t('projects.people.keyword')} />
            </QueryForm>
          )}
        </Flex>
      </Card>
      {projectId ? (
        <Card title={project.data ? `${project.data.name} (${project.data.code})` : undefined}>
          <DataTable<ProjectMemberItem>
            tableId="project-members"
            rowKey="userId"
            columns={columns}
            {...table}
            {...selection}
            toolbar={
              <>
                <Button type="primary" icon={<UserAddOutlined />} onClick={() => setAdding(true)}>
                  {t('projects.people.addMembers')}
                </Button>
                <BatchDeleteButton
                  count={selected.length}
                  title={t('projects.people.removeConfirm')}
                  label={t('projects.people.batchRemove')}
                  icon={<UserDeleteOutlined />}
                  onConfirm={() => afterReport(removeIds(ids))}
                />
              </>
            }
          />
        </Card>
      ) : (
        <Alert type="info" showIcon title={t('projects.people.chooseProjectHint')} />
      )}
      <AddMembersModal
        project={
          adding && project.data
            ? { id: project.data.id, name: project.data.name, agentName: project.data.agentName }
            : null
        }
        onClose={() => setAdding(false)}
      />
    </Flex>
  );
}
