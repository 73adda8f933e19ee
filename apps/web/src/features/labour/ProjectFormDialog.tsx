import type { ReactNode } from 'react';
import { Form, Modal, type FormInstance, type ModalProps } from 'antd';
import { useTranslation } from 'react-i18next';
import { ProjectPicker, type useChosenProject } from './ProjectPicker';

/**
 * A labour dialog whose form starts with the project it is about (useChosenProject's `picker`). Its OK
 * button waits until the dialog is `ready` and spins while `busy`; `onOk` does the work and closes.
 */
export function ProjectFormDialog<V>({
  ready,
  busy,
  onClose,
  picker,
  form,
  formName,
  children,
  ...modal
}: Required<Pick<ModalProps, 'open' | 'title' | 'okText' | 'onOk'>> & {
  ready: boolean;
  busy: boolean;
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
      {...modal}
      cancelText={t('common.cancel')}
      okButtonProps={{ disabled: !ready }}
      confirmLoading={busy}
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
