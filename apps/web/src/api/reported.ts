import i18n from '@/i18n/i18n';
import { message } from '@/lib/feedback';
import { isCancel } from './transport';

/** Spec 8: error toasts stay 5 seconds. */
export const ERROR_SECONDS = 5;

/** Failures the user has been told about (a toast or the re-login dialog), so nobody tells them twice. */
const told = new WeakSet<object>();

export function markReported(error: unknown) {
  if (typeof error === 'object' && error !== null) told.add(error);
}

export const wasReported = (error: unknown) => typeof error === 'object' && error !== null && told.has(error);

/** antd's validateFields rejects with the fields' errors, which the form already shows beside them. */
const isValidation = (error: unknown) => typeof error === 'object' && error !== null && 'errorFields' in error;

/**
 * Ends a user action's promise (a button's click, a confirm's OK) without an unhandled rejection and
 * without losing a failure: what the client already reported (spec 8), a form's validation errors and a
 * cancelled call end here; anything else — a `silent` call nobody handled, a bug — is reported now,
 * once, the way the client reports a failed call.
 */
export function afterReport<T>(work: Promise<T>): Promise<T | undefined> {
  return work.catch((error: unknown) => {
    if (wasReported(error) || isValidation(error) || isCancel(error)) return undefined;
    console.error(error);
    const text = error instanceof Error && error.message ? error.message : i18n.t('request.error');
    message().error({ content: text, duration: ERROR_SECONDS });
    markReported(error);
    return undefined;
  });
}
