import { Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { labourApi } from '@siteops/contracts/labour/api';
import { useEndpointMutation, useEndpointQuery } from '@/api/queries';
import { WORKER_REG_ROUTE } from '@/lib/routeMeta';
import { RegCardModal } from '@/components/selfreg/RegCardModal';
import { ProjectPicker, useChosenProject } from './ProjectPicker';

/**
 * A project's worker registration QR code (admin, agent, manager in scope): the card to print and put up
 * on site. Mounted while open, so it starts on the page's project each time.
 */
export function WorkerRegLinkModal({
  open,
  projectId: initial,
  onClose,
}: {
  open: boolean;
  projectId: number | undefined;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const { projects, project: chosen, picker } = useChosenProject(true, initial);
  const link = useEndpointQuery(labourApi.regLink, { projectId: chosen ?? 0 }, { enabled: open && !!chosen });
  const rotate = useEndpointMutation(labourApi.rotateRegLink);
  return (
    <RegCardModal
      open={open}
      title={t('labour.regLink.title')}
      namespace="labour.regLink"
      header={<ProjectPicker {...picker} style={{ width: '100%', marginBottom: 12 }} />}
      projectName={projects.data?.find((p) => p.value === chosen)?.label}
      url={link.data && window.location.origin + WORKER_REG_ROUTE.path.replace(':token', link.data.token)}
      placeholder={
        chosen ? undefined : <Typography.Text type="secondary">{t('labour.regLink.noProject')}</Typography.Text>
      }
      onRotate={() => rotate.mutateAsync({ projectId: chosen! })}
      onClose={onClose}
      testIds={{ card: 'worker-reg-card', link: 'worker-reg-link' }}
    />
  );
}
