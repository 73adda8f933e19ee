import type { ReactNode } from 'react';
import { Form, Modal, type FormInstance } from 'antd';
import { useTranslation } from 'react-i18next';
import { ProjectPicker, type useChosenProject } from './ProjectPicker';

/**
 * A labour dialog whose form starts with the project it is about (useChosenProject's `picker`). Its OK
 * button waits until the dialog is `ready` and spins while `busy`; `onOk` does the work and closes.
 */
export function ProjectFormDialog<V>({
  open,
  title,
  okText,
  ready,
  busy,
  onOk,
  onClose,
  picker,
  form,
  formName,
  children,
}: {
  open: boolean;
  title: ReactNode;
  okText: ReactNode;
  ready: boolean;
  busy: boolean;
  onOk: () => Promise<void>;
  onClose: () => void;
  picker: ReturnType<typeof useChosenProject>['picker'];
  form?: FormInstance<V>;
  formName: string;
  /** The fields after the project. */
  children: ReactNode;
}) {
  const { t } = useTranslation();
  return (
    <Modal
      open={open}
      title={title}
      okText={okText}
      cancelText={t('common.cancel')}
      okButtonProps={{ disabled: !ready }}
      confirmLoading={busy}
      onOk={onOk}
      onCancel={onClose}
      destroyOnHidden
    >
      <Form form={form} layout="vertical" name={formName}>
        <Form.Item label={t('labour.project')} required>
          <ProjectPicker {...picker} style={{}} />
        </Form.Item>
        {children}
      </Form>
    </Modal>
  );
}
