import { useState } from 'react';
import { Button, Form, Input, Modal, Popconfirm, Space } from 'antd';
import { useTranslation } from 'react-i18next';
import { certificationApi } from '@siteops/contracts/api/certification';
import type { CertificationItem } from '@siteops/contracts/certification';
import { useEndpointMutation } from '@/api/queries';
import { afterReport } from '@/api/reported';
import { CertificationDescriptions } from '@/components/certification/CertificationView';
import { message } from '@/lib/feedback';

/**
 * The review modal: the certification at a glance (legal ID number masked), the review opinion, "Reject"
 * and "Pass" (after "Are you sure to pass the review?"). Only one being audited can be reviewed; others
 * are shown read-only.
 */
export function ReviewModal({ item, onClose }: { item: CertificationItem | null; onClose: () => void }) {
  const { t } = useTranslation();
  const [opinion, setOpinion] = useState('');
  const review = useEndpointMutation(certificationApi.review, ['notification']);
  const [busy, setBusy] = useState<'passed' | 'rejected' | null>(null);

  // A newly opened certification starts with an empty opinion (state adjusted while rendering).
  const [shownFor, setShownFor] = useState<CertificationItem | null>(null);
  if (shownFor !== item) {
    setShownFor(item);
    setOpinion('');
  }

  const decide = async (result: 'passed' | 'rejected') => {
    if (!item) return;
    setBusy(result);
    try {
      await review.mutateAsync({ id: item.id, result, opinion });
      message().success(t(result === 'passed' ? 'certificationAudit.passDone' : 'certificationAudit.rejectDone'));
      onClose();
    } finally {
      setBusy(null);
    }
  };

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
          <Space>
            <Button onClick={onClose}>{t('common.cancel')}</Button>
            <Button danger loading={busy === 'rejected'} onClick={() => void afterReport(decide('rejected'))}>
              {t('certificationAudit.reject')}
            </Button>
            <Popconfirm
              title={t('certificationAudit.passConfirm')}
              okText={t('common.ok')}
              cancelText={t('common.cancel')}
              onConfirm={() => afterReport(decide('passed'))}
            >
              <Button type="primary" loading={busy === 'passed'}>
                {t('certificationAudit.pass')}
              </Button>
            </Popconfirm>
          </Space>
        ) : null
      }
    >
      {item && (
        <>
          <CertificationDescriptions item={item} column={1} />
          {open && (
            <Form layout="vertical" style={{ marginTop: 16 }}>
              <Form.Item label={t('certification.field.opinion')} htmlFor="certification-review-opinion">
                <Input.TextArea
                  id="certification-review-opinion"
                  value={opinion}
                  maxLength={256}
                  autoSize={{ minRows: 3, maxRows: 6 }}
                  placeholder={t('certificationAudit.opinionPlaceholder')}
                  onChange={(e) => setOpinion(e.target.value)}
                />
              </Form.Item>
            </Form>
          )}
        </>
      )}
    </Modal>
  );
}
