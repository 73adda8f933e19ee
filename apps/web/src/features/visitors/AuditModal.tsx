import { useState } from 'react';
import { Button, Descriptions, Form, Input, Modal, Popconfirm, Space } from 'antd';
import { useTranslation } from 'react-i18next';
import type { VisitorItem } from '@siteops/contracts/visitor';
import { visitorApi } from '@siteops/contracts/api/visitor';
import { useEndpointMutation } from '@/api/queries';
import { afterReport } from '@/api/reported';
import { message } from '@/lib/feedback';
import { StatusTag, time } from './visitorView';

/**
 * The audit modal: the visitor at a glance, a review-opinion field, "Not pass" and "Pass" (which asks
 * "Are you sure to pass the review?" first). The server records auditor, time and opinion.
 */
export function AuditModal({ visitor, onClose }: { visitor: VisitorItem | null; onClose: () => void }) {
  const { t } = useTranslation();
  const [remark, setRemark] = useState('');
  const audit = useEndpointMutation(visitorApi.auditVisitor);
  const [busy, setBusy] = useState<'valid' | 'invalid' | null>(null);

  // A newly opened visitor starts from its last opinion (state adjusted while rendering, not in an effect).
  const [shownFor, setShownFor] = useState<VisitorItem | null>(null);
  if (shownFor !== visitor) {
    setShownFor(visitor);
    setRemark(visitor?.auditRemark ?? '');
  }

  const decide = async (status: 'valid' | 'invalid') => {
    if (!visitor) return;
    setBusy(status);
    try {
      await audit.mutateAsync({ id: visitor.id, status, remark });
      message().success(t(status === 'valid' ? 'visitors.auditPage.passDone' : 'visitors.auditPage.rejectDone'));
      onClose();
    } finally {
      setBusy(null);
    }
  };

  return (
    <Modal
      open={visitor !== null}
      title={visitor ? t('visitors.auditPage.title', { name: visitor.realName }) : ''}
      onCancel={onClose}
      destroyOnHidden
      footer={
        <Space>
          <Button onClick={onClose}>{t('common.cancel')}</Button>
          <Button danger loading={busy === 'invalid'} onClick={() => void afterReport(decide('invalid'))}>
            {t('visitors.auditPage.reject')}
          </Button>
          <Popconfirm
            title={t('visitors.auditPage.passConfirm')}
            okText={t('common.ok')}
            cancelText={t('common.cancel')}
            onConfirm={() => afterReport(decide('valid'))}
          >
            <Button type="primary" loading={busy === 'valid'}>
              {t('visitors.auditPage.pass')}
            </Button>
          </Popconfirm>
        </Space>
      }
    >
      {visitor ? (
        <>
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
          <Form layout="vertical" style={{ marginTop: 16 }}>
            <Form.Item label={t('visitors.auditPage.opinion')} htmlFor="visitor-audit-opinion">
              <Input.TextArea
                id="visitor-audit-opinion"
                value={remark}
                maxLength={256}
                autoSize={{ minRows: 3, maxRows: 6 }}
                placeholder={t('visitors.auditPage.opinionPlaceholder')}
                onChange={(e) => setRemark(e.target.value)}
              />
            </Form.Item>
          </Form>
        </>
      ) : null}
    </Modal>
  );
}
