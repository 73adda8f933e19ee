import { Descriptions, Modal } from 'antd';
import { useTranslation } from 'react-i18next';
import type { VisitorItem } from '@siteops/contracts/visitor/schemas';
import { visitorApi } from '@siteops/contracts/visitor/api';
import { useEndpointMutation } from '@/api/queries';
import { ReviewFooter, useReviewDecision, useReviewOpinion } from '@/components/review/ReviewDecision';
import { StatusTag, time } from './visitorView';

const REVIEW = {
  messages: 'visitors.auditPage',
  rejected: 'invalid',
  passed: 'valid',
  opinionId: 'visitor-audit-opinion',
} as const;

/**
 * The audit modal: the visitor at a glance, a the decisions "Not pass" and "Pass", each asking for
 * its confirmation with the opinion for that decision. The server records auditor, time and opinion.
 */
export function AuditModal({ visitor, onClose }: { visitor: VisitorItem | null; onClose: () => void }) {
  const { t } = useTranslation();
  // A newly opened visitor starts from its last opinion, under the decision it was given for.
  const [remark, setRemark] = useReviewOpinion(visitor, (v): Partial<Record<'valid' | 'invalid', string>> =>
    v && (v.status === 'valid' || v.status === 'invalid') ? { [v.status]: v.auditRemark ?? '' } : {},
  );
  const audit = useEndpointMutation(visitorApi.auditVisitor);

  const decision = useReviewDecision(
    REVIEW,
    async (status) => visitor && audit.mutateAsync({ id: visitor.id, status, remark: remark[status] ?? '' }),
    onClose,
  );

  return (
    <Modal
      open={visitor !== null}
      title={visitor ? t('visitors.auditPage.title', { name: visitor.realName }) : ''}
      onCancel={onClose}
      destroyOnHidden
      footer={
        <ReviewFooter
          {...decision}
          kind={REVIEW}
          onCancel={onClose}
          opinion={remark}
          onOpinion={setRemark}
          opinionLabel={t('visitors.auditPage.opinion')}
        />
      }
    >
      {visitor ? (
        <Descriptions
          column={1}
          size="small"
          items={[
            { key: 'status', label: t('visitors.status'), children: <StatusTag status={visitor.status} /> },
            { key: 'phone', label: t('visitors.phone'), children: visitor.phone },
            { key: 'project', label: t('visitors.project'), children: visitor.projectName },
            {
              key: 'visit',
              label: t('visitors.visit'),
              children: `${time(visitor.visitStart)} – ${time(visitor.visitEnd)}`,
            },
            { key: 'host', label: t('visitors.host'), children: visitor.userName ?? '' },
            { key: 'reasons', label: t('visitors.reasons'), children: visitor.reasons ?? '' },
          ]}
        />
      ) : null}
    </Modal>
  );
}
