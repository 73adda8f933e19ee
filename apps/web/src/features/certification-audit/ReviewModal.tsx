import { Modal } from 'antd';
import { useTranslation } from 'react-i18next';
import { certificationApi } from '@siteops/contracts/certification/api';
import type { CertificationItem } from '@siteops/contracts/certification/schemas';
import { useEndpointMutation } from '@/api/queries';
import { CertificationDescriptions } from '@/components/certification/CertificationView';
import { ReviewFooter, useReviewDecision, useReviewOpinion } from '@/components/review/ReviewDecision';

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
  // A newly opened certification starts with an empty opinion.
  const [opinion, setOpinion] = useReviewOpinion(item, (): Partial<Record<'passed' | 'rejected', string>> => ({}));
  const review = useEndpointMutation(certificationApi.review, ['notification']);

  const decision = useReviewDecision(
    REVIEW,
    async (result) => item && review.mutateAsync({ id: item.id, result, opinion: opinion[result] ?? '' }),
    onClose,
  );

  const open = item?.status === 'auditing';
  return (
    <Modal
      open={item !== null}
      title={item ? t('certificationAudit.title', { name: item.userName }) : ''}
      onCancel={onClose}
      destroyOnHidden
      width={640}
      footer={
        open ? (
          <ReviewFooter
            {...decision}
            kind={REVIEW}
            onCancel={onClose}
            opinion={opinion}
            onOpinion={setOpinion}
            opinionLabel={t('certification.field.opinion')}
          />
        ) : null
      }
    >
      {item && <CertificationDescriptions item={item} column={1} />}
    </Modal>
  );
}
