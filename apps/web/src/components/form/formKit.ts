import dayjs, { type Dayjs } from 'dayjs';
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

/** A range picker's value: either end may be open. */
export type DateRange = [Dayjs | null, Dayjs | null];

/** A range back from its two URL params (ISO instants or days); none when neither is there. */
export function rangeFromParams(params: URLSearchParams, from: string, to: string): DateRange | undefined {
  const start = params.get(from);
  const end = params.get(to);
  return start || end ? [start ? dayjs(start) : null, end ? dayjs(end) : null] : undefined;
}

/**
 * QueryForm's toParams and fromParams for a search form of text fields (`texts`) and one date range
 * (`range`), which travels in the URL as two ISO instants like the API takes them: the picked instants,
 * or with `wholeDays` the start of the first day and the end of the last.
 */
export function rangeSearchParams<V extends { range?: DateRange | null }>(
  texts: readonly string[],
  { from = 'from', to = 'to', wholeDays = false }: { from?: string; to?: string; wholeDays?: boolean } = {},
) {
  return {
    toParams: ({ range, ...rest }: V) =>
      valuesToParams({
        ...rest,
        [from]: (wholeDays ? range?.[0]?.startOf('day') : range?.[0])?.toISOString(),
        [to]: (wholeDays ? range?.[1]?.endOf('day') : range?.[1])?.toISOString(),
      }),
    fromParams: (params: URLSearchParams) =>
      ({
        ...Object.fromEntries(texts.map((n) => [n, params.get(n) ?? undefined])),
        range: rangeFromParams(params, from, to),
      }) as V,
  };
}
