import { useTranslation } from 'react-i18next';
import { certificationApi } from '@siteops/contracts/certification/api';
import type { CertificationItem } from '@siteops/contracts/certification/schemas';
import { useEndpointMutation } from '@/api/queries';
import { CertificationDescriptions } from '@/components/certification/CertificationView';
import { ReviewDialog } from '@/components/review/ReviewDialog';

const REVIEW = {
  messages: 'certificationAudit',
  rejected: 'rejected',
  passed: 'passed',
  opinionId: 'certification-review-opinion',
} as const;

/**
 * The review modal: the certification at a glance (legal ID number masked), "Reject" and "Pass", each
 * confirmed with the opinion for that decision. Only one being audited can be reviewed; others
 * are shown read-only.
 */
export function ReviewModal({ item, onClose }: { item: CertificationItem | null; onClose: () => void }) {
  const { t } = useTranslation();
  const review = useEndpointMutation(certificationApi.review, ['notification']);
  return (
    <ReviewDialog<CertificationItem, 'passed' | 'rejected'>
      kind={REVIEW}
      subject={item}
      title={item ? t('certificationAudit.title', { name: item.userName }) : ''}
      // A newly opened certification starts with an empty opinion.
      initialOpinion={() => ({})}
      send={(subject, result, opinion) => review.mutateAsync({ id: subject.id, result, opinion })}
      onClose={onClose}
      opinionLabel={t('certification.field.opinion')}
      decidable={item?.status === 'auditing'}
      width={640}
    >
      {item && <CertificationDescriptions item={item} column={1} />}
    </ReviewDialog>
  );
}
