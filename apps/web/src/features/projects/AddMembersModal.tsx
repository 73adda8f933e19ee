import { Form, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { projectApi } from '@siteops/contracts/project/api';
import { useEndpointMutation } from '@/api/queries';
import { ModalForm } from '@/components/form/ModalForm';
import { message } from '@/lib/feedback';
import { useUserStore } from '@/stores/user';
import { CandidateSelect } from './CandidateSelect';

interface Values {
  userIds: number[];
}
const FIELDS = ['userIds'] as const;

/** Add several people of the project's agent to the project at once; an empty choice says why. */
export function AddMembersModal({
  project,
  onClose,
}: {
  project: { id: number; name: string; agentName: string | null } | null;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const isAdmin = useUserStore((s) => s.info?.role) === 'admin';
  // Nobody offered: say who can join (the project's agent's people, not yet in it, no administrator),
  // and what can be done about someone of another agent (issue 33).
  const emptyHint = (keyword: string) => (
    <div role="status" style={{ padding: '8px 4px', whiteSpace: 'normal' }}>
      <Typography.Paragraph style={{ marginBottom: 4 }}>
        {keyword ? `${t('projects.people.noCandidatesFor', { keyword })} ` : ''}
        {project?.agentName
          ? t('projects.people.candidatesRule', { agent: project.agentName })
          : t('projects.people.candidatesRulePlatform')}
      </Typography.Paragraph>
      <Typography.Text type="secondary">
        {isAdmin ? (
          <>
            {t('projects.people.otherAgentAdmin')}{' '}
            <Link to="/user/info" onClick={onClose}>
              {t('projects.people.openUsers')}
            </Link>
          </>
        ) : (
          t('projects.people.otherAgentManager')
        )}
      </Typography.Text>
    </div>
  );
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
            emptyHint={emptyHint}
          />
        </Form.Item>
      )}
    </ModalForm>
  );
}
