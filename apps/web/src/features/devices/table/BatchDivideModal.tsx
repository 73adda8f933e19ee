import { useEffect } from 'react';
import { Alert, Form, Modal } from 'antd';
import { useTranslation } from 'react-i18next';
import { OwnerSelect } from './OwnerSelect';

interface BatchDivideModalProps {
  /** Divide to an agent or to a project; null: closed. */
  kind: 'agent' | 'project' | null;
  count: number;
  saving: boolean;
  onSubmit: (ownerId: number) => void;
  onClose: () => void;
}

/** Picks the agent or project the selected devices go to. */
export function BatchDivideModal({ kind, count, saving, onSubmit, onClose }: BatchDivideModalProps) {
  const { t } = useTranslation();
  const [form] = Form.useForm<{ ownerId: number }>();
  useEffect(() => {
    if (kind) form.resetFields();
  }, [kind, form]);
  const label = kind === 'agent' ? t('devices.field.agent') : t('devices.field.project');
  return (
    <Modal
      open={kind !== null}
      title={kind === 'agent' ? t('devices.batch.divideAgent') : t('devices.batch.divideProject')}
      okText={t('common.ok')}
      cancelText={t('common.cancel')}
      confirmLoading={saving}
      onOk={() =>
        void form.validateFields().then(
          (v) => onSubmit(v.ownerId),
          () => undefined,
        )
      }
      onCancel={onClose}
      destroyOnHidden
    >
      <p>{t('devices.batch.selected', { n: count })}</p>
      {kind && (
        // What happens to the other owner, said before it happens: a project belongs to one agent.
        <Alert
          type="info"
          showIcon
          style={{ marginBottom: 16 }}
          title={kind === 'agent' ? t('devices.batch.agentHint') : t('devices.batch.projectHint')}
        />
      )}
      <Form form={form} layout="vertical">
        {kind && (
          <Form.Item
            name="ownerId"
            label={label}
            rules={[{ required: true, message: t('devices.rules.pick', { what: label }) }]}
          >
            <OwnerSelect kind={kind} />
          </Form.Item>
        )}
      </Form>
    </Modal>
  );
}
