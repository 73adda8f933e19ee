import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { fillPath, type AnswerOf, type Endpoint, type InputOf } from '@siteops/contracts/endpoint';
import { saveFile } from '@/lib/saveFile';
import { exchange, request, type RequestConfig } from './client';
import { keyOf } from './queryKey';

export { keyOf };

/** Per-call options the typed client passes through to the transport. */
export type CallOptions = Pick<RequestConfig, 'silent' | 'signal' | 'onUploadProgress' | 'timeout'>;

/** Fields of the input that go to the query string: all of them for GET, the declared query fields otherwise. */
function split(endpoint: Endpoint, rest: Record<string, unknown>) {
  if (endpoint.method === 'GET') return { params: rest, data: undefined };
  const queryKeys = endpoint.queryFields;
  const params = Object.fromEntries(Object.entries(rest).filter(([k]) => queryKeys.includes(k)));
  const data = Object.fromEntries(Object.entries(rest).filter(([k]) => !queryKeys.includes(k)));
  return { params: queryKeys.length ? params : undefined, data };
}

/** Call a declared endpoint and answer the envelope's `data`, typed from the declaration. */
export function call<E extends Endpoint>(
  endpoint: E,
  input: InputOf<E>,
  options: CallOptions = {},
): Promise<AnswerOf<E>> {
  const { url, rest } = fillPath(endpoint.path, (input ?? {}) as Record<string, unknown>);
  return request<AnswerOf<E>>({ method: endpoint.method, url, ...split(endpoint, rest), ...options });
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

/** `useMutation` of an upload, reporting the share sent (0-1); refreshes the endpoint's module on success. */
export function useUploadMutation<E extends Endpoint>(endpoint: E) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({
      form,
      input,
      onProgress,
    }: {
      form: FormData;
      input?: InputOf<E>;
      onProgress?: (sent: number) => void;
    }) => upload(endpoint, form, { input, onUploadProgress: onProgress }),
    onSuccess: () => client.invalidateQueries({ queryKey: [endpoint.module] }),
  });
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

/** TanStack query options for a read; a list keeps the previous page on screen while the next loads. */
export function endpointQuery<E extends Endpoint>(endpoint: E, input: InputOf<E>) {
  return queryOptions({
    queryKey: keyOf(endpoint, input),
    queryFn: ({ signal }) => call(endpoint, input, { signal }),
    placeholderData: endpoint.operation === 'listAll' ? keepPreviousData : undefined,
  });
}

/** `useQuery` of a declared read; `enabled: false` waits (e.g. for an id). */
export function useEndpointQuery<E extends Endpoint>(
  endpoint: E,
  input: InputOf<E>,
  options: { enabled?: boolean; staleTime?: number; refetchInterval?: number } = {},
) {
  return useQuery({ ...endpointQuery(endpoint, input), ...options });
}

/**
 * `useMutation` of a declared write; on success it invalidates the endpoint's own module and any
 * `alsoInvalidates` modules (a device divided to an agent changes the agent's counts too). `silent`
 * is for a page that words a failure itself (one message per event, not a toast and a dialog).
 */
export function useEndpointMutation<E extends Endpoint>(
  endpoint: E,
  alsoInvalidates: readonly string[] = [],
  options: { silent?: boolean } = {},
) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: InputOf<E>) => call(endpoint, input, { silent: options.silent }),
    onSuccess: () =>
      Promise.all(
        [endpoint.module, ...alsoInvalidates].map((module) => client.invalidateQueries({ queryKey: [module] })),
      ),
  });
}

/**
 * A download as a mutation: fetch the file and hand it to the browser, named as the server named it
 * (or `fallbackName` when it did not).
 */
export function useDownload<E extends Endpoint>(endpoint: E, fallbackName: string) {
  return useMutation({
    mutationFn: async (input: InputOf<E>) => {
      const file = await download(endpoint, input);
      saveFile(file.blob, file.fileName ?? fallbackName);
    },
  });
}
