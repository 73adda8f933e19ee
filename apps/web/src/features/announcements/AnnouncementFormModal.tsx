import { useMemo } from 'react';
import { DatePicker, Form, Input, Select, Switch } from 'antd';
import { useTranslation } from 'react-i18next';
import dayjs, { type Dayjs } from 'dayjs';
import {
  ANNOUNCEMENT_AUDIENCES,
  ANNOUNCEMENT_BODY_MAX,
  ANNOUNCEMENT_LEVELS,
  ANNOUNCEMENT_TITLE_MAX,
  type AnnouncementAudience,
  type AnnouncementItem,
  type AnnouncementLevel,
} from '@siteops/contracts/announcement/schemas';
import { PAGE_SIZE_MAX } from '@siteops/contracts/shared/pagination';
import { ROLES, type Role } from '@siteops/contracts/shared/roles';
import { agentApi } from '@siteops/contracts/agent/api';
import { announcementApi } from '@siteops/contracts/announcement/api';
import { projectApi } from '@siteops/contracts/project/api';
import { useEndpointMutation, useEndpointQuery } from '@/api/queries';
import { ModalForm } from '@/components/form/ModalForm';

interface Values {
  title: string;
  body: string;
  level: AnnouncementLevel;
  audience: AnnouncementAudience;
  audienceRole?: Role | null;
  audienceAgentId?: number | null;
  audienceProjectId?: number | null;
  pinned: boolean;
  expiresAt?: string | null;
}
const FIELDS = [
  'title',
  'body',
  'level',
  'audience',
  'audienceRole',
  'audienceAgentId',
  'audienceProjectId',
  'pinned',
  'expiresAt',
] as const;

/** The audiences a role writes to; the server holds the same rule (and the targets' scope). */
const AUDIENCES_OF: Record<Role, readonly AnnouncementAudience[]> = {
  admin: ANNOUNCEMENT_AUDIENCES,
  agent: ['agent'],
  manager: ['project'],
  user: [],
};

export interface AnnouncementFormModalProps {
  editing: AnnouncementItem | 'new' | null;
  role: Role;
  /** The writer's own agent (an agent announces to its people). */
  agentId: number | null;
  onClose: () => void;
}

/**
 * Create or edit an announcement. Once published its audience is shown but fixed (the server answers
 * 409 otherwise); the words, level, pin and expiry can still change.
 */
export function AnnouncementFormModal({ editing, role, agentId, onClose }: AnnouncementFormModalProps) {
  const { t } = useTranslation();
  const add = useEndpointMutation(announcementApi.add);
  const update = useEndpointMutation(announcementApi.update);
  const audiences = AUDIENCES_OF[role];
  const open = editing !== null;
  const all = { page: 1, pageSize: PAGE_SIZE_MAX, sortField: 'name', sortOrder: 'asc' } as const;
  const agents = useEndpointQuery(agentApi.listAll, all, { enabled: open && role === 'admin' });
  const projects = useEndpointQuery(projectApi.listAll, all, { enabled: open && role !== 'agent' });
  const published = editing !== null && editing !== 'new' && editing.status !== 'draft';
  const initial = useMemo<Partial<Values>>(
    () =>
      editing && editing !== 'new'
        ? {
            title: editing.title,
            body: editing.body,
            level: editing.level,
            audience: editing.audience,
            audienceRole: editing.audienceRole,
            audienceAgentId: editing.audienceAgentId,
            audienceProjectId: editing.audienceProjectId,
            pinned: editing.pinned,
            expiresAt: editing.expiresAt,
          }
        : { level: 'info', audience: audiences[0], pinned: false, audienceAgentId: role === 'agent' ? agentId : null },
    [editing, audiences, role, agentId],
  );

  const save = (v: Values) => {
    const body = {
      title: v.title.trim(),
      body: v.body.trim(),
      level: v.level,
      audience: v.audience,
      audienceRole: v.audience === 'role' ? v.audienceRole : null,
      audienceAgentId: v.audience === 'agent' ? (role === 'agent' ? agentId : v.audienceAgentId) : null,
      audienceProjectId: v.audience === 'project' ? v.audienceProjectId : null,
      pinned: v.pinned,
      expiresAt: v.expiresAt ?? null,
    };
    return editing && editing !== 'new' ? update.mutateAsync({ id: editing.id, ...body }) : add.mutateAsync(body);
  };

  const required = (what: string) => [{ required: true, message: t(`announcements.rules.${what}`) }];
  return (
    <ModalForm<Values>
      open={open}
      title={editing === 'new' ? t('announcements.createTitle') : t('announcements.editTitle')}
      initialValues={initial}
      fieldNames={FIELDS}
      onSubmit={save}
      onClose={onClose}
    >
      <Form.Item name="title" label={t('announcements.title')} rules={[{ ...required('title')[0], whitespace: true }]}>
        <Input maxLength={ANNOUNCEMENT_TITLE_MAX} />
      </Form.Item>
      <Form.Item name="body" label={t('announcements.body')} rules={[{ ...required('body')[0], whitespace: true }]}>
        <Input.TextArea showCount maxLength={ANNOUNCEMENT_BODY_MAX} autoSize={{ minRows: 3, maxRows: 10 }} />
      </Form.Item>
      <Form.Item name="level" label={t('announcements.level')}>
        <Select options={ANNOUNCEMENT_LEVELS.map((l) => ({ value: l, label: t(`announcements.levels.${l}`) }))} />
      </Form.Item>
      <Form.Item
        name="audience"
        label={t('announcements.audience')}
        extra={published ? t('announcements.audienceFixed') : undefined}
      >
        <Select
          disabled={published}
          options={audiences.map((a) => ({ value: a, label: t(`announcements.audiences.${a}`) }))}
        />
      </Form.Item>
      <Form.Item noStyle dependencies={['audience']}>
        {({ getFieldValue }) => {
          const audience = getFieldValue('audience') as AnnouncementAudience;
          if (audience === 'role')
            return (
              <Form.Item name="audienceRole" label={t('announcements.audienceRole')} rules={required('role')}>
                <Select disabled={published} options={ROLES.map((r) => ({ value: r, label: t(`role.${r}`) }))} />
              </Form.Item>
            );
          if (audience === 'agent' && role === 'admin')
            return (
              <Form.Item name="audienceAgentId" label={t('announcements.audienceAgent')} rules={required('agent')}>
                <Select
                  disabled={published}
                  showSearch={{ optionFilterProp: 'label' }}
                  loading={agents.isFetching}
                  options={(agents.data?.list ?? []).map((a) => ({ value: a.id, label: a.name }))}
                />
              </Form.Item>
            );
          if (audience === 'project')
            return (
              <Form.Item
                name="audienceProjectId"
                label={t('announcements.audienceProject')}
                rules={required('project')}
              >
                <Select
                  disabled={published}
                  showSearch={{ optionFilterProp: 'label' }}
                  loading={projects.isFetching}
                  options={(projects.data?.list ?? []).map((p) => ({ value: p.id, label: `${p.name} (${p.code})` }))}
                />
              </Form.Item>
            );
          return null;
        }}
      </Form.Item>
      <Form.Item name="pinned" label={t('announcements.pinned')} valuePropName="checked">
        <Switch />
      </Form.Item>
      <Form.Item
        name="expiresAt"
        label={t('announcements.expiresAt')}
        extra={t('announcements.expiresAtHint')}
        // The form holds the API's ISO text; the picker gets and gives dayjs.
        getValueProps={(v?: string | null) => ({ value: v ? dayjs(v) : undefined })}
        normalize={(d?: Dayjs | null) => (d ? d.toISOString() : null)}
      >
        <DatePicker showTime style={{ width: '100%' }} disabledDate={(d) => d.isBefore(dayjs(), 'day')} />
      </Form.Item>
    </ModalForm>
  );
}
