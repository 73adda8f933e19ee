import { Form } from 'antd';
import { useTranslation } from 'react-i18next';
import { projectApi } from '@siteops/contracts/project/api';
import { useEndpointMutation } from '@/api/queries';
import { ModalForm } from '@/components/form/ModalForm';
import { message } from '@/lib/feedback';
import { CandidateSelect } from './CandidateSelect';

interface Values {
  userIds: number[];
}
const FIELDS = ['userIds'] as const;

/** Add several people of the project's agent to the project at once. */
export function AddMembersModal({
  project,
  onClose,
}: {
  project: { id: number; name: string } | null;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const addMembers = useEndpointMutation(projectApi.addMembers);
  const save = async (v: Values) => {
    const { added } = await addMembers.mutateAsync({ projectId: project!.id, userIds: v.userIds });
    message().info(t('projects.people.addSuccess', { count: added }));
  };
  return (
    <ModalForm<Values>
      open={project !== null}
      title={t('projects.people.addMembersTitle', { name: project?.name ?? '' })}
      fieldNames={FIELDS}
      onSubmit={save}
      onClose={onClose}
    >
      {project && (
        <Form.Item
          name="userIds"
          label={t('projects.people.membersLabel')}
          rules={[{ required: true, type: 'array', min: 1, message: t('projects.people.membersRequired') }]}
        >
          <CandidateSelect
            projectId={project.id}
            purpose="member"
            multiple
            placeholder={t('projects.people.membersPlaceholder')}
          />
        </Form.Item>
      )}
    </ModalForm>
  );
}
