import type { FormInstance } from 'antd';
import i18n from '@/i18n/i18n';
import { message } from '@/lib/feedback';
import { transportText } from '@/api/client';
import { ApiError } from '@/api/envelope';
import { ERROR_SECONDS } from '@/api/reported';
import { TransportError } from '@/api/transport';
import { fieldErrorsOf } from '@/components/form/formKit';

/**
 * A phone registration form's failed submit (the call made silently): errors the server ties to a field
 * show beside that field alone — on a phone a toast over the form says it twice and hides the field — and
 * any other failure is one toast, as the console's client would have shown it.
 */
export function showSubmitFailure<V>(form: FormInstance<V>, error: unknown, formFields: readonly string[]) {
  const fields = fieldErrorsOf(error, formFields);
  if (fields.length > 0) {
    form.setFields(fields as Parameters<FormInstance<V>['setFields']>[0]);
    return;
  }
  const text =
    error instanceof TransportError
      ? transportText(error)
      : error instanceof ApiError
        ? error.message
        : i18n.t('request.error');
  message().error({ content: text, duration: ERROR_SECONDS });
}
