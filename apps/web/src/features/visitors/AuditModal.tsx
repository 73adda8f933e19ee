import { Descriptions } from 'antd';
import { useTranslation } from 'react-i18next';
import type { VisitorItem } from '@siteops/contracts/visitor/schemas';
import { visitorApi } from '@siteops/contracts/visitor/api';
import { useEndpointMutation } from '@/api/queries';
import { ReviewDialog } from '@/components/review/ReviewDialog';
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
  const audit = useEndpointMutation(visitorApi.auditVisitor);
  return (
    <ReviewDialog<VisitorItem, 'valid' | 'invalid'>
      kind={REVIEW}
      subject={visitor}
      title={visitor ? t('visitors.auditPage.title', { name: visitor.realName }) : ''}
      // A newly opened visitor starts from its last opinion, under the decision it was given for.
      initialOpinion={(v) =>
        v && (v.status === 'valid' || v.status === 'invalid') ? { [v.status]: v.auditRemark ?? '' } : {}
      }
      send={(subject, status, remark) => audit.mutateAsync({ id: subject.id, status, remark })}
      onClose={onClose}
      opinionLabel={t('visitors.auditPage.opinion')}
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
    </ReviewDialog>
  );
}
