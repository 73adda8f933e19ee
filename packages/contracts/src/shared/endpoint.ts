import type { z } from 'zod';
import type { Role } from './roles.ts';

type HttpMethod = 'GET' | 'POST' | 'PUT' | 'DELETE';

/** Where every declared endpoint's path starts (`/api/<module>/<op>`); an unknown path under it is a 404 envelope. */
export const API_PREFIX = '/api';

/**
 * Who may call an endpoint. `public`: no session (login, public keys); `session`: any logged-in user;
 * a role list: only those roles. The server's one guard enforces it before the body is read, and the
 * authorisation-matrix test derives every role's expected status from it.
 */
export type Access = 'public' | 'session' | readonly [Role, ...Role[]];

/**
 * How the endpoint moves data. `json` (default): JSON in, envelope out. `upload`: a multipart body,
 * envelope out. `download`: a file out (not an envelope) on success, envelope on failure.
 */
type EndpointKind = 'json' | 'upload' | 'download';

/**
 * The 4xx/5xx answers an endpoint documents beyond those its access and input already imply (401/403
 * for a public endpoint that judges credentials itself, such as login).
 */
export type DocumentedError = 401 | 403 | 404 | 409 | 413 | 429 | 502 | 503 | 504;

/** One HTTP endpoint as both sides see it; `defineEndpoints` adds its id. */
interface EndpointSpec {
  method: HttpMethod;
  /** Fastify-style path; `:name` segments come from `params`. */
  path: `/api/${string}`;
  access: Access;
  /** One line for the OpenAPI document. */
  summary: string;
  description?: string;
  params?: z.ZodObject;
  query?: z.ZodObject;
  body?: z.ZodType;
  /** The envelope's `data` on success (absent for downloads). */
  answer?: z.ZodType;
  /** The envelope's `msg` on success (the console shows its own translated text). */
  message?: string;
  kind?: EndpointKind;
  errors?: readonly DocumentedError[];
  /** Still callable while the user must change a reset password. */
  allowPendingPasswordChange?: boolean;
  /**
   * The kind of row the input's `id`/`ids` names (`user`, `agent`, `project`, `device`…). The scope rule
   * applies to it, so another tenant's id answers 404; the authorisation matrix checks exactly that.
   */
  resource?: string;
  /**
   * A non-GET endpoint that changes nothing (POST for the spec's paths, e.g. user/info). Writes drop the
   * session cache on every instance (decision 0016); a read marked here does not.
   */
  readOnly?: true;
}

/**
 * What the console needs of a declaration at run time. Its bundle gets only these fields (the web build
 * strips the schemas, see apps/web/build/endpointRefs.ts), so zod stays out of the first load; anything
 * the console reads of a declaration must be here, not in a schema.
 */
export interface EndpointRef {
  readonly id: string;
  readonly module: string;
  readonly operation: string;
  readonly method: HttpMethod;
  readonly path: `/api/${string}`;
  /** Who may call it: the console hides what the server would refuse (usePermission(endpoint.access)). */
  readonly access: Access;
  readonly kind?: EndpointKind;
  /** The declared query fields (a non-GET call sends these in the query string, the rest as its body). */
  readonly queryFields: readonly string[];
  /** The values `sortField` accepts, when the endpoint sorts (a stale link's sort is dropped, not sent). */
  readonly sortFields?: readonly string[];
}

/** The fields of {@link EndpointRef}, which the web build keeps. */
export const ENDPOINT_REF_FIELDS = [
  'id',
  'module',
  'operation',
  'method',
  'path',
  'access',
  'kind',
  'queryFields',
  'sortFields',
] as const satisfies readonly (keyof EndpointRef)[];

/** A declared endpoint: its spec plus `module.operation`, which names its OpenAPI operation and query keys. */
export type Endpoint<S extends EndpointSpec = EndpointSpec> = S & EndpointRef;

/** The string values an optional/defaulted `z.enum` accepts; undefined for anything else. */
function enumValues(schema: z.ZodType | undefined): string[] | undefined {
  let def = (schema as { _zod?: { def: Record<string, unknown> } } | undefined)?._zod?.def;
  while (def && (def.type === 'optional' || def.type === 'default' || def.type === 'nullable')) {
    def = (def.innerType as { _zod: { def: Record<string, unknown> } })._zod.def;
  }
  return def?.type === 'enum' ? Object.values(def.entries as Record<string, string>) : undefined;
}

/**
 * Declare a module's endpoints once; the server registers handlers from them, the console calls them
 * through one typed client, and OpenAPI and the authorisation matrix are generated from them.
 */
export function defineEndpoints<const M extends string, const S extends Record<string, EndpointSpec>>(
  module: M,
  specs: S,
): { [K in keyof S & string]: Endpoint<S[K]> } {
  const out = {} as Record<string, Endpoint>;
  for (const [operation, spec] of Object.entries(specs)) {
    const queryFields = Object.keys(spec.query?.shape ?? {});
    const sortFields = enumValues(spec.query?.shape.sortField as z.ZodType | undefined);
    out[operation] = { ...spec, id: `${module}.${operation}`, module, operation, queryFields, sortFields };
  }
  return out as { [K in keyof S & string]: Endpoint<S[K]> };
}

type InOf<T> = T extends z.ZodType ? z.input<T> : unknown;
type OutOf<T> = T extends z.ZodType ? z.output<T> : unknown;
type Clean<T> = unknown extends T ? Record<never, never> : T;

/** What a caller passes: params, query and body fields side by side (the client sorts them out). */
export type InputOf<E extends EndpointSpec> = Clean<InOf<E['params']> & InOf<E['query']> & InOf<E['body']>>;
/** What a handler receives: the validated (parsed, defaulted) input. */
export type ParsedInputOf<E extends EndpointSpec> = Clean<OutOf<E['params']> & OutOf<E['query']> & OutOf<E['body']>>;
/** What a handler returns (before the answer schema's transforms). */
export type AnswerInOf<E extends EndpointSpec> = E['answer'] extends z.ZodType ? z.input<E['answer']> : unknown;
/** What the console receives in `data`. */
export type AnswerOf<E extends EndpointSpec> = E['answer'] extends z.ZodType ? z.output<E['answer']> : unknown;

/** `/api/device/:id/latest` + `{ id: 7 }` -> `/api/device/7/latest`, and the fields the path did not use. */
export function fillPath(path: string, input: Record<string, unknown>): { url: string; rest: Record<string, unknown> } {
  const rest = { ...input };
  const url = path.replace(/:([A-Za-z0-9_]+)/g, (_, name: string) => {
    const value = rest[name];
    delete rest[name];
    if (value === undefined || value === null || value === '')
      throw new Error(`${path}: missing path parameter ${name}`);
    return encodeURIComponent(String(value));
  });
  return { url, rest };
}

/** A call of a declared endpoint as it travels: the filled path, the query-string fields and the JSON body. */
interface EndpointRequest {
  method: HttpMethod;
  url: string;
  /** Absent when the call has no query-string fields. */
  query?: Record<string, unknown>;
  /** Absent for a GET (every field goes to the query string). */
  body?: Record<string, unknown>;
}

/**
 * How a caller's input is sent: path parameters fill the path; a GET sends the rest as its query
 * string; any other method sends the declared query fields in the query string and the rest as its JSON
 * body. The console's client and the tests' client both call this, so they send alike.
 */
export function requestOf(
  endpoint: Pick<EndpointRef, 'method' | 'path' | 'queryFields'>,
  input: unknown,
): EndpointRequest {
  const { url, rest } = fillPath(endpoint.path, (input ?? {}) as Record<string, unknown>);
  if (endpoint.method === 'GET') return { method: endpoint.method, url, query: rest };
  const inQuery = (k: string) => endpoint.queryFields.includes(k);
  const entries = Object.entries(rest);
  return {
    method: endpoint.method,
    url,
    ...(endpoint.queryFields.length && { query: Object.fromEntries(entries.filter(([k]) => inQuery(k))) }),
    body: Object.fromEntries(entries.filter(([k]) => !inQuery(k))),
  };
}
