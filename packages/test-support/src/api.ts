import { requestOf, type Endpoint, type InputOf } from '@siteops/contracts/shared/endpoint';

/**
 * Every answer's envelope. `data` stays loosely typed: a test reads the declared answer on success and
 * the error's details (`fields`, `retryAt`, …) on failure from the same place.
 */
export interface Envelope {
  code: number;
  msg: string;
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  data: any;
}

export interface ApiResponse {
  status: number;
  body: Envelope;
  headers: Record<string, string | number | string[] | undefined>;
}

/** One request as a transport sends it (the server's `inject`, or a browser test's HTTP client). */
export interface ApiRequest {
  method: string;
  url: string;
  query?: Record<string, unknown>;
  /** A JSON body; or, with `payload`, the raw bytes sent as they are. */
  body?: unknown;
  payload?: string | Buffer;
  token?: string;
  headers?: Record<string, string>;
  /** The client's address as the server sees it (in-process tests only: a throttle per address). */
  remoteAddress?: string;
}

export type Send = (request: ApiRequest) => Promise<ApiResponse>;

/** Who calls (a bearer token), or that plus extra headers (Accept-Language) or the address it calls from. */
export type As = string | { token?: string; headers?: Record<string, string>; remoteAddress?: string };

const optionsOf = (as: As | undefined) => (typeof as === 'string' ? { token: as } : (as ?? {}));

/**
 * The tests' client of the declared endpoints (`packages/contracts/src/<module>/api.ts`): an endpoint and its input,
 * never a path, so a renamed or re-typed endpoint breaks the compile rather than a test at run time.
 * It sends what the console's client sends (`requestOf`).
 */
export interface TypedClient {
  <E extends Endpoint>(endpoint: E, input: InputOf<E>, as?: As): Promise<ApiResponse>;
  /** Input the declaration would refuse (a test of the server's 400s); the endpoint is still declared. */
  unchecked(endpoint: Endpoint, input: unknown, as?: As): Promise<ApiResponse>;
  /**
   * A body sent as raw bytes under its content type (multipart, malformed JSON); `input` fills the path
   * and the query string.
   */
  raw(
    endpoint: Endpoint,
    body: { contentType: string; payload: string | Buffer },
    input?: Record<string, unknown>,
    as?: As,
  ): Promise<ApiResponse>;
}

export function typedClient(send: Send): TypedClient {
  const unchecked = (endpoint: Endpoint, input: unknown, as?: As) => {
    const { token, headers, remoteAddress } = optionsOf(as);
    // A body that is not an object (an array, a string, null) goes as it is: the test is of its refusal.
    if (input === null || typeof input !== 'object' || Array.isArray(input))
      return send({ method: endpoint.method, url: endpoint.path, body: input, token, headers, remoteAddress });
    const { method, url, query, body } = requestOf(endpoint, input);
    return send({ method, url, query, body, token, headers, remoteAddress });
  };
  const client = ((endpoint: Endpoint, input: unknown, as?: As) => unchecked(endpoint, input, as)) as TypedClient;
  client.unchecked = unchecked;
  client.raw = (endpoint, { contentType, payload }, input = {}, as) => {
    const { url, query } = requestOf({ ...endpoint, method: 'GET' }, input);
    const { token, headers } = optionsOf(as);
    return send({
      method: endpoint.method,
      url,
      query,
      payload,
      token,
      headers: { ...headers, 'content-type': contentType },
    });
  };
  return client;
}
