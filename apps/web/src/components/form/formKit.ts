import { ApiError } from '@/api/envelope';

export interface FieldError {
  name: string;
  errors: string[];
}

/**
 * What a failed save means for the form: a 400 envelope's `data.fields` ({ field: message }) and a
 * 409's `data.field` become inline errors on those fields (only fields the form has). The client has
 * already toasted the envelope's message, so nothing else needs showing.
 */
export function fieldErrorsOf(error: unknown, formFields: readonly string[]): FieldError[] {
  if (!(error instanceof ApiError)) return [];
  const entries: [string, string][] = Object.entries(error.fields).map(([k, v]) => [k, String(v)]);
  const single = (error.data as { field?: unknown } | null)?.field;
  if (typeof single === 'string') entries.push([single, error.message]);
  return entries.filter(([name]) => formFields.includes(name)).map(([name, msg]) => ({ name, errors: [msg] }));
}

/** Search params from form values: empty values are dropped so the URL stays short. */
export function valuesToParams(values: Record<string, unknown>): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [k, v] of Object.entries(values)) {
    if (v === undefined || v === null) continue;
    const text = String(v).trim();
    if (text !== '') out[k] = text;
  }
  return out;
}
