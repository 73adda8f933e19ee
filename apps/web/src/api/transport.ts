/**
 * The one way the console talks HTTP: XMLHttpRequest, because it is the only browser API that reports
 * upload progress (imports show it), and it costs nothing to load, where axios cost 16 KB of the login
 * route. It knows nothing about envelopes; client.ts does.
 */
export interface RequestConfig {
  method: string;
  url: string;
  /** Query string; undefined and null are left out, arrays repeat the key. */
  params?: Record<string, unknown>;
  /** JSON unless it is FormData (multipart, boundary set by the browser). */
  data?: unknown;
  headers?: Record<string, string>;
  signal?: AbortSignal;
  /** Milliseconds; spec 9: none by default. */
  timeout?: number;
  /** Share of the body sent, 0-1. */
  onUploadProgress?: (sent: number) => void;
  /** `blob` for downloads; anything else reads JSON (or text when the answer is not JSON). */
  responseType?: 'json' | 'blob';
  /** Report nothing (no toast, no dialog): for calls whose failure is expected, like logging out a dead session. */
  silent?: boolean;
}

export interface Response<T = unknown> {
  status: number;
  body: T;
  header(name: string): string | null;
  config: RequestConfig;
}

/** Why a call got no HTTP answer; the client turns the kind into a message in the user's language. */
export class TransportError extends Error {
  constructor(
    readonly kind: 'network' | 'timeout' | 'aborted' | 'status',
    readonly config: RequestConfig,
    readonly response?: Response,
  ) {
    super(kind === 'status' ? `Request failed with status code ${response?.status}` : kind);
    this.name = kind === 'aborted' ? 'AbortError' : 'TransportError';
  }
}

/** A call cancelled by its AbortSignal (a query that is no longer wanted): never reported to the user. */
export const isCancel = (error: unknown) => error instanceof TransportError && error.kind === 'aborted';

export function queryString(params: Record<string, unknown> | undefined): string {
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(params ?? {})) {
    for (const item of Array.isArray(value) ? value : [value]) {
      if (item === undefined || item === null) continue;
      search.append(key, item instanceof Date ? item.toISOString() : String(item));
    }
  }
  const text = search.toString();
  return text ? `?${text}` : '';
}

function bodyOf(xhr: XMLHttpRequest, config: RequestConfig): unknown {
  if (xhr.responseType === 'blob') return xhr.response as Blob;
  const text = xhr.responseText;
  if (!text) return undefined;
  if (!/json/i.test(xhr.getResponseHeader('content-type') ?? '')) return text;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    throw new TransportError('network', config);
  }
}

/** Send one request; a 2xx resolves, anything else rejects with a TransportError carrying the answer. */
export function send<T>(baseURL: string, config: RequestConfig): Promise<Response<T>> {
  return new Promise((resolve, reject) => {
    if (config.signal?.aborted) return reject(new TransportError('aborted', config));
    const xhr = new XMLHttpRequest();
    xhr.open(config.method.toUpperCase(), `${baseURL}${config.url}${queryString(config.params)}`);
    if (config.responseType === 'blob') xhr.responseType = 'blob';
    if (config.timeout) xhr.timeout = config.timeout;
    const isForm = config.data instanceof FormData;
    const headers = { ...(config.data !== undefined && !isForm ? { 'Content-Type': 'application/json' } : {}) };
    for (const [name, value] of Object.entries({ ...headers, ...config.headers })) xhr.setRequestHeader(name, value);
    if (config.onUploadProgress) {
      const progress = config.onUploadProgress;
      xhr.upload.onprogress = (e) => progress(e.lengthComputable && e.total ? e.loaded / e.total : 0);
    }
    const abort = () => xhr.abort();
    config.signal?.addEventListener('abort', abort, { once: true });
    const settle = (done: () => void) => {
      config.signal?.removeEventListener('abort', abort);
      done();
    };
    xhr.onerror = () => settle(() => reject(new TransportError('network', config)));
    xhr.ontimeout = () => settle(() => reject(new TransportError('timeout', config)));
    xhr.onabort = () => settle(() => reject(new TransportError('aborted', config)));
    xhr.onload = () =>
      settle(() => {
        let body: unknown;
        try {
          body = bodyOf(xhr, config);
        } catch (error) {
          return reject(error as Error);
        }
        const response: Response<T> = {
          status: xhr.status,
          body: body as T,
          header: (name) => xhr.getResponseHeader(name),
          config,
        };
        if (xhr.status >= 200 && xhr.status < 300) resolve(response);
        else reject(new TransportError('status', config, response));
      });
    const payload = config.data === undefined ? null : isForm ? (config.data as FormData) : JSON.stringify(config.data);
    xhr.send(payload);
  });
}
