import { Form } from 'antd';
import { useTranslation } from 'react-i18next';
import type { ProjectItem } from '@siteops/contracts/project/schemas';
import { projectApi } from '@siteops/contracts/project/api';
import { useEndpointMutation } from '@/api/queries';
import { ModalForm } from '@/components/form/ModalForm';
import { CandidateSelect } from './CandidateSelect';

interface Values {
  userId: number;
}
const FIELDS = ['userId'] as const;

/** Appoint a project manager: a user with the role manager from the project's agent (candidates endpoint). */
export function AddManagerModal({ project, onClose }: { project: ProjectItem | null; onClose: () => void }) {
  const { t } = useTranslation();
  const addManager = useEndpointMutation(projectApi.addManager);
  return (
    <ModalForm<Values>
      open={project !== null}
      title={t('projects.addManagerTitle', { name: project?.name ?? '' })}
      fieldNames={FIELDS}
      onSubmit={(v) => addManager.mutateAsync({ projectId: project!.id, userId: v.userId })}
      onClose={onClose}
    >
      {project && (
        <Form.Item
          name="userId"
          label={t('projects.manager')}
          rules={[{ required: true, message: t('projects.managerRequired') }]}
        >
          <CandidateSelect projectId={project.id} purpose="manager" placeholder={t('projects.managerPlaceholder')} />
        </Form.Item>
      )}
    </ModalForm>
  );
}
