import { useState } from 'react';
import { Form } from 'antd';
import { useTranslation } from 'react-i18next';
import { message } from '@/lib/feedback';
import { fieldErrorsOf, type FieldError } from './formKit';

export interface FormSaveOptions<V> {
  /** Field names, so the server's field errors land only on fields this form has. */
  fieldNames: readonly string[];
  /** Sends the validated values. */
  save: (values: V) => Promise<unknown>;
  /** What to say after a save, given the answer; default the "Save Success" toast. */
  onSaved?: (answer: unknown, values: V) => void;
  onClose: () => void;
  /** Where a server field error shows when it is not a field of the form itself (a range's two ends). */
  placeErrors?: (errors: FieldError[]) => FieldError[];
}

/**
 * A dialog's or a drawer's form and its save: validates, saves, says so and closes; a 400's
 * `data.fields` and a 409's field go inline on the form (the client already toasted the server's
 * message) and it stays open. `saving` spins the save button.
 */
export function useFormSave<V extends object>(opts: FormSaveOptions<V>) {
  const { t } = useTranslation();
  const [form] = Form.useForm<V>();
  const [saving, setSaving] = useState(false);
  const submit = async () => {
    const values = await form.validateFields();
    setSaving(true);
    try {
      const answer = await opts.save(values);
      if (opts.onSaved) opts.onSaved(answer, values);
      else message().success(t('common.saveSuccess'));
      opts.onClose();
    } catch (error) {
      const errors = fieldErrorsOf(error, opts.fieldNames);
      form.setFields((opts.placeErrors ? opts.placeErrors(errors) : errors) as never);
      throw error;
    } finally {
      setSaving(false);
    }
  };
  return { form, saving, submit };
}
