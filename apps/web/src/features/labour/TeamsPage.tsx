import { useState } from 'react';
import { Card, Flex, Form, Input, Select, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import type { SubcontractorItem, TeamItem } from '@siteops/contracts/labour/schemas';
import { labourApi } from '@siteops/contracts/labour/api';
import { DataTable, type PageParams } from '@/components/table/DataTable';
import { CreateButton } from '@/components/table/CreateButton';
import { RowAction, RowActions, actionsColumn } from '@/components/table/rowActions';
import { ModalForm } from '@/components/form/ModalForm';
import { requiredText } from '@/components/form/rules';
import { useListDelete } from '@/components/list/useListDelete';
import { useTeams } from './api/listTeams';
import { useSubcontractors } from './api/listSubcontractors';
import { useAddTeam } from './api/addTeam';
import { useUpdateTeam } from './api/updateTeam';
import { useAddSubcontractor } from './api/addSubcontractor';
import { useUpdateSubcontractor } from './api/updateSubcontractor';
import { useWorkers } from './api/listWorkers';
import { ProjectPicker, useProjectParam } from './ProjectPicker';

const FIRST: PageParams = { page: 1, pageSize: 20 };

/** /labour/teams (admin, agent, manager): a project's teams (班组) with their leaders, and its subcontractors. */
export function TeamsPage() {
  const { t } = useTranslation();
  const { projectId, projects, set } = useProjectParam();
  return (
    <Flex vertical gap={16}>
      <Card>
        <Flex gap={8} align="center">
          <Typography.Text>{t('labour.project')}</Typography.Text>
          <ProjectPicker
            value={projectId}
            options={projects.data ?? []}
            loading={projects.isFetching}
            onChange={(id) => set('projectId', String(id))}
          />
        </Flex>
      </Card>
      {projectId !== undefined && <Teams projectId={projectId} />}
      {projectId !== undefined && <Subcontractors projectId={projectId} />}
    </Flex>
  );
}

function Teams({ projectId }: { projectId: number }) {
  const { t } = useTranslation();
  const [params, setParams] = useState<PageParams>(FIRST);
  const query = useTeams({ projectId, page: params.page, pageSize: params.pageSize });
  const { rowDelete } = useListDelete(labourApi.deleteTeam);
  const [editing, setEditing] = useState<TeamItem | 'new' | null>(null);
  const add = useAddTeam();
  const update = useUpdateTeam();
  const employers = useSubcontractors({ projectId, pageSize: 200 });
  const workers = useWorkers({ projectId, pageSize: 200, status: 'on_site' }, { enabled: editing !== null });
  const current = editing === 'new' ? undefined : (editing ?? undefined);
  return (
    <Card title={t('labour.teams')}>
      <DataTable<TeamItem>
        tableId="labour-teams"
        rowKey="id"
        list={query.data?.list}
        total={query.data?.total ?? 0}
        loading={query.isFetching}
        failed={query.isError && !query.data}
        params={params}
        onParamsChange={setParams}
        onRefresh={() => void query.refetch()}
        toolbar={<CreateButton onClick={() => setEditing('new')} />}
        columns={[
          { key: 'name', dataIndex: 'name', title: t('labour.teamName') },
          { key: 'leader', dataIndex: 'leaderName', title: t('labour.leader') },
          { key: 'subcontractor', dataIndex: 'subcontractorName', title: t('labour.subcontractor') },
          { key: 'onSite', dataIndex: 'onSite', title: t('labour.onSiteCount') },
          actionsColumn<TeamItem>(t, (row) => (
            <RowActions wrap={false}>
              <RowAction onClick={() => setEditing(row)}>{t('common.edit')}</RowAction>
              {rowDelete(row.id)}
            </RowActions>
          )),
        ]}
      />
      <ModalForm<{ name: string; leaderId?: number | null; subcontractorId?: number | null }>
        open={editing !== null}
        title={current ? t('labour.editTeam') : t('labour.createTeam')}
        initialValues={
          current && { name: current.name, leaderId: current.leaderId, subcontractorId: current.subcontractorId }
        }
        fieldNames={['name', 'leaderId', 'subcontractorId']}
        onSubmit={(v) => {
          const body = { name: v.name, leaderId: v.leaderId ?? null, subcontractorId: v.subcontractorId ?? null };
          return current ? update.mutateAsync({ id: current.id, ...body }) : add.mutateAsync({ projectId, ...body });
        }}
        onClose={() => setEditing(null)}
      >
        <Form.Item name="name" label={t('labour.teamName')} rules={[requiredText(t('labour.rules.teamName'))]}>
          <Input maxLength={64} />
        </Form.Item>
        <Form.Item name="leaderId" label={t('labour.leader')}>
          <Select
            allowClear
            showSearch={{ optionFilterProp: 'label' }}
            loading={workers.isFetching}
            options={(workers.data?.list ?? []).map((w) => ({ value: w.id, label: w.realName }))}
          />
        </Form.Item>
        <Form.Item name="subcontractorId" label={t('labour.subcontractor')}>
          <Select allowClear options={(employers.data?.list ?? []).map((s) => ({ value: s.id, label: s.name }))} />
        </Form.Item>
      </ModalForm>
    </Card>
  );
}

function Subcontractors({ projectId }: { projectId: number }) {
  const { t } = useTranslation();
  const [params, setParams] = useState<PageParams>(FIRST);
  const query = useSubcontractors({ projectId, page: params.page, pageSize: params.pageSize });
  const { rowDelete } = useListDelete(labourApi.deleteSubcontractor);
  const [editing, setEditing] = useState<SubcontractorItem | 'new' | null>(null);
  const add = useAddSubcontractor();
  const update = useUpdateSubcontractor();
  const current = editing === 'new' ? undefined : (editing ?? undefined);
  type Values = { name: string; creditCode?: string; contact?: string; phone?: string };
  return (
    <Card title={t('labour.subcontractors')}>
      <DataTable<SubcontractorItem>
        tableId="labour-subcontractors"
        rowKey="id"
        list={query.data?.list}
        total={query.data?.total ?? 0}
        loading={query.isFetching}
        failed={query.isError && !query.data}
        params={params}
        onParamsChange={setParams}
        onRefresh={() => void query.refetch()}
        toolbar={<CreateButton onClick={() => setEditing('new')} />}
        columns={[
          { key: 'name', dataIndex: 'name', title: t('labour.subcontractorName') },
          { key: 'creditCode', dataIndex: 'creditCode', title: t('labour.creditCode') },
          { key: 'contact', dataIndex: 'contact', title: t('labour.contact') },
          { key: 'phone', dataIndex: 'phone', title: t('labour.phone') },
          { key: 'onSite', dataIndex: 'onSite', title: t('labour.onSiteCount') },
          actionsColumn<SubcontractorItem>(t, (row) => (
            <RowActions wrap={false}>
              <RowAction onClick={() => setEditing(row)}>{t('common.edit')}</RowAction>
              {rowDelete(row.id)}
            </RowActions>
          )),
        ]}
      />
      <ModalForm<Values>
        open={editing !== null}
        title={current ? t('labour.editSubcontractor') : t('labour.createSubcontractor')}
        initialValues={
          current && {
            name: current.name,
            creditCode: current.creditCode ?? undefined,
            contact: current.contact ?? undefined,
            phone: current.phone ?? undefined,
          }
        }
        fieldNames={['name', 'creditCode', 'contact', 'phone']}
        onSubmit={(v) => {
          const body = { name: v.name, creditCode: v.creditCode ?? '', contact: v.contact ?? '', phone: v.phone ?? '' };
          return current ? update.mutateAsync({ id: current.id, ...body }) : add.mutateAsync({ projectId, ...body });
        }}
        onClose={() => setEditing(null)}
      >
        <Form.Item
          name="name"
          label={t('labour.subcontractorName')}
          rules={[requiredText(t('labour.rules.subcontractorName'))]}
        >
          <Input maxLength={128} />
        </Form.Item>
        <Form.Item name="creditCode" label={t('labour.creditCode')}>
          <Input maxLength={32} />
        </Form.Item>
        <Form.Item name="contact" label={t('labour.contact')}>
          <Input maxLength={64} />
        </Form.Item>
        <Form.Item name="phone" label={t('labour.phone')}>
          <Input maxLength={32} />
        </Form.Item>
      </ModalForm>
    </Card>
  );
}
