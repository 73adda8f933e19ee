/**
 * The typed client's calls, free of TanStack Query: the login page loads this file and nothing of the
 * query cache (its first-load budget, issue 9). The query and mutation hooks are in queries.ts.
 */
import { fillPath, requestOf, type AnswerOf, type Endpoint, type InputOf } from '@siteops/contracts/shared/endpoint';
import { exchange, request, type RequestConfig } from './client';

/** Per-call options the typed client passes through to the transport. */
export type CallOptions = Pick<RequestConfig, 'silent' | 'signal' | 'onUploadProgress' | 'timeout'>;

/** Call a declared endpoint and answer the envelope's `data`, typed from the declaration. */
export function call<E extends Endpoint>(
  endpoint: E,
  input: InputOf<E>,
  options: CallOptions = {},
): Promise<AnswerOf<E>> {
  const { method, url, query, body } = requestOf(endpoint, input);
  return request<AnswerOf<E>>({ method, url, params: query, data: body, ...options });
}

/**
 * POST a multipart form (the file and its fields) to an `upload` endpoint; `input` fills the path and
 * the declared query fields.
 */
export function upload<E extends Endpoint>(
  endpoint: E,
  form: FormData,
  options: CallOptions & { input?: InputOf<E> } = {},
): Promise<AnswerOf<E>> {
  const { input, ...rest } = options;
  const { url, rest: query } = fillPath(endpoint.path, (input ?? {}) as Record<string, unknown>);
  return request<AnswerOf<E>>({ method: endpoint.method, url, params: query, data: form, ...rest });
}

/** A file a `download` endpoint answered; `fileName` from Content-Disposition when the server named it. */
export interface DownloadedFile {
  blob: Blob;
  fileName: string | undefined;
}

/**
 * GET a `download` endpoint as a Blob. A failure arrives as an envelope inside a Blob; the client reads
 * it out and reports it as any failed call (toast, ApiError with `data.fields`), so a form can still put
 * a 400's messages on its fields.
 */
export async function download<E extends Endpoint>(
  endpoint: E,
  input: InputOf<E>,
  options: CallOptions = {},
): Promise<DownloadedFile> {
  const { url, rest } = fillPath(endpoint.path, (input ?? {}) as Record<string, unknown>);
  const response = await exchange<Blob>({
    method: endpoint.method,
    url,
    params: rest,
    responseType: 'blob',
    ...options,
  });
  return { blob: response.body, fileName: fileNameOf(response.header('content-disposition')) };
}

function fileNameOf(disposition: string | null): string | undefined {
  if (!disposition) return undefined;
  const star = /filename\*=(?:UTF-8'')?([^;]+)/i.exec(disposition);
  if (star) return decodeURIComponent(star[1].trim().replace(/^"|"$/g, ''));
  return /filename="?([^";]+)"?/i.exec(disposition)?.[1];
}
