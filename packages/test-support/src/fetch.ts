import type { ApiRequest, Envelope, Send } from './api.ts';

/** `query` as a URL's query string (`?a=1&b=x`, a list as repeated keys; undefined fields left out), or ''. */
export function queryString(query: Record<string, unknown> | undefined): string {
  const pairs = Object.entries(query ?? {}).flatMap(([k, v]) =>
    v === undefined || v === null ? [] : (Array.isArray(v) ? v : [v]).map((x): [string, string] => [k, String(x)]),
  );
  const qs = new URLSearchParams(pairs).toString();
  return qs ? `?${qs}` : '';
}

/**
 * A test's query string (`a=1&b=x`, a leading `?` or `&` allowed) as the typed client's input, a repeated key as
 * a list: for tests that write their filters as a query string (sent through `.unchecked`, as strings).
 */
export function queryOf(qs: string): Record<string, string | string[]> {
  const out: Record<string, string | string[]> = {};
  for (const [k, v] of new URLSearchParams(qs.replace(/^[?&]/, ''))) {
    const had = out[k];
    out[k] = had === undefined ? v : Array.isArray(had) ? [...had, v] : [had, v];
  }
  return out;
}

/** The headers a request goes with: its JSON content type (unless raw bytes), bearer token and own headers. */
export function headersOf({ body, payload, token, headers }: ApiRequest): Record<string, string> {
  return {
    ...(payload === undefined && body !== undefined ? { 'content-type': 'application/json' } : {}),
    ...(token ? { authorization: `Bearer ${token}` } : {}),
    ...headers,
  };
}

/** An answer's text as the envelope, or (a file, a proxy's error page) as its message. */
export function envelopeOf(text: string): Envelope {
  try {
    return JSON.parse(text) as Envelope;
  } catch {
    return { code: -1, msg: text, data: null };
  }
}

/**
 * The typed client's transport over HTTP (`fetch`) to a server running at `base` (`http://127.0.0.1:8080`):
 * for tests of a real server process. `remoteAddress` cannot be chosen over a real connection and is ignored.
 */
export function fetchSend(base: string): Send {
  return async (request) => {
    const { method, url, query, body, payload } = request;
    const res = await fetch(`${base}${url}${queryString(query)}`, {
      method,
      headers: headersOf(request),
      body:
        typeof payload === 'string'
          ? payload
          : payload !== undefined
            ? Uint8Array.from(payload)
            : body !== undefined
              ? JSON.stringify(body)
              : undefined,
    });
    return { status: res.status, body: envelopeOf(await res.text()), headers: Object.fromEntries(res.headers) };
  };
}
