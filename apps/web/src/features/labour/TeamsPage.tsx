import { Form, Input, Select } from 'antd';
import type { SelectProps } from 'antd';
import { useTranslation } from 'react-i18next';
import { labourApi } from '@siteops/contracts/labour/api';
import { requiredText } from '@/components/form/rules';
import { useSubcontractors } from './api/listSubcontractors';
import { useAddTeam } from './api/addTeam';
import { useUpdateTeam } from './api/updateTeam';
import { useAddSubcontractor } from './api/addSubcontractor';
import { useUpdateSubcontractor } from './api/updateSubcontractor';
import { useWorkers } from './api/listWorkers';
import { ProjectPicker, useProjectParam } from './ProjectPicker';
import { ProjectRecordsCard } from './ProjectRecordsCard';
import { TextField } from '@/components/form/TextField';
import { ProjectPageLayout } from '@/components/list/ProjectPageLayout';

/** /labour/teams (admin, agent, manager): a project's teams (班组) with their leaders, and its subcontractors. */
export function TeamsPage() {
  const { t } = useTranslation();
  const { projectId, projects, set } = useProjectParam();
  return (
    <ProjectPageLayout
      label={t('labour.project')}
      picker={
        <ProjectPicker
          value={projectId}
          options={projects.data ?? []}
          loading={projects.isFetching}
          onChange={(id) => set('projectId', String(id))}
        />
      }
    >
      {projectId !== undefined && <Teams projectId={projectId} />}
      {projectId !== undefined && <Subcontractors projectId={projectId} />}
    </ProjectPageLayout>
  );
}

type TeamValues = { name: string; leaderId?: number | null; subcontractorId?: number | null };

function Teams({ projectId }: { projectId: number }) {
  const { t } = useTranslation();
  const add = useAddTeam();
  const update = useUpdateTeam();
  const employers = useSubcontractors({ projectId, pageSize: 200 });
  return (
    <ProjectRecordsCard<typeof labourApi.teams, TeamValues>
      title={t('labour.teams')}
      tableId="labour-teams"
      list={labourApi.teams}
      remove={labourApi.deleteTeam}
      projectId={projectId}
      columns={[
        { key: 'name', dataIndex: 'name', title: t('labour.teamName') },
        { key: 'leader', dataIndex: 'leaderName', title: t('labour.leader') },
        { key: 'subcontractor', dataIndex: 'subcontractorName', title: t('labour.subcontractor') },
        { key: 'onSite', dataIndex: 'onSite', title: t('labour.onSiteCount') },
      ]}
      dialog={{
        createTitle: t('labour.createTeam'),
        editTitle: t('labour.editTeam'),
        fieldNames: ['name', 'leaderId', 'subcontractorId'],
        toValues: (team) => ({ name: team.name, leaderId: team.leaderId, subcontractorId: team.subcontractorId }),
        save: (v, team) => {
          const body = { name: v.name, leaderId: v.leaderId ?? null, subcontractorId: v.subcontractorId ?? null };
          return team ? update.mutateAsync({ id: team.id, ...body }) : add.mutateAsync({ projectId, ...body });
        },
        fields: (
          <>
            <Form.Item name="name" label={t('labour.teamName')} rules={[requiredText(t('labour.rules.teamName'))]}>
              <Input maxLength={64} />
            </Form.Item>
            <Form.Item name="leaderId" label={t('labour.leader')}>
              <LeaderSelect projectId={projectId} />
            </Form.Item>
            <Form.Item name="subcontractorId" label={t('labour.subcontractor')}>
              <Select allowClear options={(employers.data?.list ?? []).map((s) => ({ value: s.id, label: s.name }))} />
            </Form.Item>
          </>
        ),
      }}
    />
  );
}

/** A team's leader: one of the project's workers on site, asked for only while the team's dialog is open. */
function LeaderSelect({ projectId, ...select }: { projectId: number } & SelectProps) {
  const workers = useWorkers({ projectId, pageSize: 200, status: 'on_site' });
  return (
    <Select
      {...select}
      allowClear
      showSearch={{ optionFilterProp: 'label' }}
      loading={workers.isFetching}
      options={(workers.data?.list ?? []).map((w) => ({ value: w.id, label: w.realName }))}
    />
  );
}

type SubcontractorValues = { name: string; creditCode?: string; contact?: string; phone?: string };

function Subcontractors({ projectId }: { projectId: number }) {
  const { t } = useTranslation();
  const add = useAddSubcontractor();
  const update = useUpdateSubcontractor();
  return (
    <ProjectRecordsCard<typeof labourApi.subcontractors, SubcontractorValues>
      title={t('labour.subcontractors')}
      tableId="labour-subcontractors"
      list={labourApi.subcontractors}
      remove={labourApi.deleteSubcontractor}
      projectId={projectId}
      columns={[
        { key: 'name', dataIndex: 'name', title: t('labour.subcontractorName') },
        { key: 'creditCode', dataIndex: 'creditCode', title: t('labour.creditCode') },
        { key: 'contact', dataIndex: 'contact', title: t('labour.contact') },
        { key: 'phone', dataIndex: 'phone', title: t('labour.phone') },
        { key: 'onSite', dataIndex: 'onSite', title: t('labour.onSiteCount') },
      ]}
      dialog={{
        createTitle: t('labour.createSubcontractor'),
        editTitle: t('labour.editSubcontractor'),
        fieldNames: ['name', 'creditCode', 'contact', 'phone'],
        toValues: (s) => ({
          name: s.name,
          creditCode: s.creditCode ?? undefined,
          contact: s.contact ?? undefined,
          phone: s.phone ?? undefined,
        }),
        save: (v, s) => {
          const body = { name: v.name, creditCode: v.creditCode ?? '', contact: v.contact ?? '', phone: v.phone ?? '' };
          return s ? update.mutateAsync({ id: s.id, ...body }) : add.mutateAsync({ projectId, ...body });
        },
        fields: (
          <>
            <Form.Item
              name="name"
              label={t('labour.subcontractorName')}
              rules={[requiredText(t('labour.rules.subcontractorName'))]}
            >
              <Input maxLength={128} />
            </Form.Item>
            <TextField name="creditCode" label={t('labour.creditCode')} maxLength={32} />
            <TextField name="contact" label={t('labour.contact')} maxLength={64} />
            <TextField name="phone" label={t('labour.phone')} maxLength={32} />
          </>
        ),
      }}
    />
  );
}
