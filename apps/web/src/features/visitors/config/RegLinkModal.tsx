import type { VisitorConfigItem } from '@siteops/contracts/visitor/schemas';
import { visitorApi } from '@siteops/contracts/visitor/api';
import { useTranslation } from 'react-i18next';
import { useEndpointMutation, useEndpointQuery } from '@/api/queries';
import { SELF_REG_ROUTE } from '@/lib/routeMeta';
import { RegCardModal } from '@/components/selfreg/RegCardModal';

/** A project's visitor self-registration QR code (admin): the card to print and put up at the gate. */
export function RegLinkModal({ config, onClose }: { config: VisitorConfigItem | null; onClose: () => void }) {
  const { t } = useTranslation();
  const projectId = config?.projectId ?? 0;
  const link = useEndpointQuery(visitorApi.regLink, { projectId }, { enabled: config !== null });
  const rotate = useEndpointMutation(visitorApi.rotateRegLink);
  return (
    <RegCardModal
      open={config !== null}
      title={config ? t('visitorConfig.regLink.title', { name: config.projectName }) : ''}
      namespace="visitorConfig.regLink"
      projectName={config?.projectName}
      url={link.data && window.location.origin + SELF_REG_ROUTE.path.replace(':token', link.data.token)}
      onRotate={() => rotate.mutateAsync({ projectId })}
      onClose={onClose}
      testIds={{ card: 'reg-card', link: 'reg-link' }}
    />
  );
}
