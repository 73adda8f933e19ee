import { useMemo } from 'react';
import { Form, Input, Select } from 'antd';
import { useTranslation } from 'react-i18next';
import { PROJECT_CODE_PATTERN, type ProjectItem } from '@siteops/contracts/project/schemas';
import { PAGE_SIZE_MAX } from '@siteops/contracts/shared/pagination';
import { agentApi } from '@siteops/contracts/agent/api';
import { projectApi } from '@siteops/contracts/project/api';
import { useEndpointMutation, useEndpointQuery } from '@/api/queries';
import { ModalForm } from '@/components/form/ModalForm';
import { RemarkField } from '@/components/form/RemarkField';
import { requiredText } from '@/components/form/rules';

interface ProjectFormValues {
  name: string;
  code: string;
  remark?: string | null;
  agentId?: number | null;
}
const FIELDS = ['name', 'code', 'remark', 'agentId'] as const;
const REMARK_MAX = 512;

export interface ProjectFormModalProps {
  editing: ProjectItem | 'new' | null;
  /** Only an administrator creates projects and chooses (or changes) the owning agent. */
  isAdmin: boolean;
  onClose: () => void;
}

export function ProjectFormModal({ editing, isAdmin, onClose }: ProjectFormModalProps) {
  const { t } = useTranslation();
  const add = useEndpointMutation(projectApi.add);
  const update = useEndpointMutation(projectApi.update);
  const agents = useEndpointQuery(
    agentApi.listAll,
    { page: 1, pageSize: PAGE_SIZE_MAX, sortField: 'name', sortOrder: 'asc' },
    { enabled: isAdmin && editing !== null },
  );
  const initial = useMemo(
    () =>
      editing && editing !== 'new'
        ? { name: editing.name, code: editing.code, remark: editing.remark, agentId: editing.agentId }
        : undefined,
    [editing],
  );

  const save = (v: ProjectFormValues) => {
    const body = {
      name: v.name.trim(),
      code: v.code.trim(),
      remark: v.remark?.trim() ? v.remark.trim() : null,
      ...(isAdmin ? { agentId: v.agentId ?? null } : {}),
    };
    return editing && editing !== 'new' ? update.mutateAsync({ id: editing.id, ...body }) : add.mutateAsync(body);
  };

  return (
    <ModalForm<ProjectFormValues>
      open={editing !== null}
      title={editing === 'new' ? t('projects.createTitle') : t('projects.editTitle')}
      initialValues={initial}
      fieldNames={FIELDS}
      onSubmit={save}
      onClose={onClose}
    >
      <Form.Item name="name" label={t('projects.name')} rules={[requiredText(t('projects.rules.nameRequired'))]}>
        <Input maxLength={128} />
      </Form.Item>
      <Form.Item
        name="code"
        label={t('projects.code')}
        rules={[
          requiredText(t('projects.rules.codeRequired')),
          { pattern: PROJECT_CODE_PATTERN, message: t('projects.rules.codeInvalid') },
        ]}
      >
        <Input maxLength={64} />
      </Form.Item>
      {isAdmin && (
        <Form.Item name="agentId" label={t('projects.agent')}>
          <Select
            allowClear
            showSearch={{ optionFilterProp: 'label' }}
            loading={agents.isFetching}
            placeholder={t('projects.platformOwned')}
            options={(agents.data?.list ?? []).map((a) => ({ value: a.id, label: a.name }))}
          />
        </Form.Item>
      )}
      <RemarkField
        name="remark"
        label={t('projects.remark')}
        max={REMARK_MAX}
        tooLong={t('projects.rules.remarkTooLong')}
      />
    </ModalForm>
  );
}
