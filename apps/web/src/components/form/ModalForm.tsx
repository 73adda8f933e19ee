import { useEffect, useState, type ReactNode } from 'react';
import { Form, Modal, type FormInstance } from 'antd';
import { useTranslation } from 'react-i18next';
import { afterReport } from '@/api/reported';
import { useFormSave } from './useFormSave';

export interface ModalFormProps<V extends object> {
  open: boolean;
  title: ReactNode;
  /** Values to start from (edit), or undefined (create). */
  initialValues?: Partial<V>;
  /** Field names, so server errors land only on fields this form has. */
  fieldNames: readonly string[];
  onSubmit: (values: V) => Promise<unknown>;
  /** What to say after a save, given the answer; default the "Save Success" toast. */
  onSaved?: (answer: unknown, values: V) => void;
  onClose: () => void;
  children: ReactNode | ((form: FormInstance<V>) => ReactNode);
}

/**
 * Create/edit dialog: validates, saves, toasts "Save Success" and closes; a 400's `data.fields` and a
 * 409's field go inline on the form (the client already toasted the server's message) and it stays open.
 */
export function ModalForm<V extends object>(props: ModalFormProps<V>) {
  const { t } = useTranslation();
  const { form, saving, submit } = useFormSave<V>({
    fieldNames: props.fieldNames,
    save: props.onSubmit,
    onSaved: props.onSaved,
    onClose: props.onClose,
  });
  const { open, initialValues } = props;

  useEffect(() => {
    if (!open) return;
    form.resetFields();
    if (initialValues) form.setFieldsValue(initialValues as never);
  }, [open, initialValues, form]);

  return (
    <Modal
      open={open}
      title={props.title}
      okText={t('common.save')}
      cancelText={t('common.cancel')}
      confirmLoading={saving}
      onOk={() => void afterReport(submit())}
      onCancel={props.onClose}
      destroyOnHidden
    >
      <Form form={form} layout="vertical" onFinish={() => void afterReport(submit())}>
        {typeof props.children === 'function' ? props.children(form) : props.children}
      </Form>
    </Modal>
  );
}

/**
 * A list's create-or-edit dialog over its rows: `create()` or `edit(row)` opens it, `row` is the row being
 * edited (none for a create), `form` goes to its ModalForm (open, the row's values to start from, close).
 */
export function useEditDialog<T, V extends object>(toValues: (row: T) => Partial<V>) {
  // Closing keeps the row, so the dialog keeps its title while it fades out.
  const [state, setState] = useState<{ open: boolean; row?: T; values?: Partial<V> }>({ open: false });
  return {
    row: state.row,
    create: () => setState({ open: true }),
    // The row's values are taken once, as it opens: ModalForm fills the form again when they change.
    edit: (row: T) => setState({ open: true, row, values: toValues(row) }),
    form: {
      open: state.open,
      initialValues: state.values,
      onClose: () => setState((s) => ({ ...s, open: false })),
    },
  };
}
