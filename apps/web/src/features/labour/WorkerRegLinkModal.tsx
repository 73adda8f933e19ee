import { useState } from 'react';
import { Select, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { labourApi } from '@siteops/contracts/labour/api';
import { useEndpointMutation, useEndpointQuery } from '@/api/queries';
import { useProjectOptions } from '@/api/ownerOptions';
import { WORKER_REG_ROUTE } from '@/lib/routeMeta';
import { RegCardModal } from '@/components/selfreg/RegCardModal';

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
  const projects = useProjectOptions('', true);
  const [projectId, setProjectId] = useState<number | undefined>(initial);
  const chosen = projectId ?? projects.data?.[0]?.value;
  const link = useEndpointQuery(labourApi.regLink, { projectId: chosen ?? 0 }, { enabled: open && !!chosen });
  const rotate = useEndpointMutation(labourApi.rotateRegLink);
  return (
    <RegCardModal
      open={open}
      title={t('labour.regLink.title')}
      namespace="labour.regLink"
      header={
        <Select
          aria-label={t('labour.project')}
          style={{ width: '100%', marginBottom: 12 }}
          showSearch={{ optionFilterProp: 'label' }}
          loading={projects.isFetching}
          value={chosen}
          onChange={setProjectId}
          options={projects.data ?? []}
        />
      }
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
