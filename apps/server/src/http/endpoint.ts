import { z } from 'zod';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AnswerInOf, Endpoint, ParsedInputOf } from '@siteops/contracts/shared/endpoint';
import type { AuditEntry, ModuleContext } from '../ports/context.ts';
import type { Db } from '../db/client.ts';
import { authOf } from '../auth/guard.ts';
import { callerOf, type Caller } from '../auth/scope.ts';
import type { UserRow } from '../db/schema/index.ts';
import { envelopeOf, ok, requestLang } from './envelope.ts';
import type { Lang, Text } from '../core/messages/index.ts';

/** What every handler gets besides its input: the module's context plus this request's caller. */
export interface HandlerContext extends ModuleContext {
  request: FastifyRequest;
  reply: FastifyReply;
  /** The logged-in user (throws on a public endpoint, where there is none). */
  readonly user: UserRow;
  /** The caller as the scope rule sees it. */
  readonly caller: Caller;
  /** Write this request's audit row, inside the caller's transaction when given one. */
  audit(entry: AuditEntry, tx?: Db): Promise<void>;
  /** The language this request is answered in (Accept-Language; docs/decisions/0011). */
  readonly lang: Lang;
  /** The envelope's `msg` for this answer, when it depends on the outcome ("Imported: 3 created"). */
  setMessage(msg: string | Text): void;
}

/**
 * A handler answers the envelope's `data`; or, having answered a file itself through `c.reply`
 * (a download, or a JSON endpoint's `?download=1`), the reply, which route() then leaves alone.
 */
export type Handler<E extends Endpoint> = (
  c: HandlerContext,
  input: ParsedInputOf<E>,
) => Promise<(E['kind'] extends 'download' ? unknown : AnswerInOf<E>) | FastifyReply>;

/** The body of a failure: always the envelope, `data` carrying field errors or the reason's details. */
const errorEnvelope = z.object({ code: z.number(), msg: z.string(), data: z.unknown() });

/** 4xx/5xx answers an endpoint has by its declaration: what the guard, the input and the spec imply. */
function errorResponses(endpoint: Endpoint) {
  const statuses = new Set<number>(endpoint.errors ?? []);
  if (endpoint.params || endpoint.query || endpoint.body || endpoint.kind === 'upload') statuses.add(400);
  if (endpoint.access !== 'public') statuses.add(401);
  if (Array.isArray(endpoint.access) || endpoint.access === 'session') statuses.add(403);
  return Object.fromEntries([...statuses].sort().map((s) => [s, errorEnvelope]));
}

/**
 * A module's routes: every operation its declaration names gets its handler, registered in the order
 * written. The handlers object must name each operation, and only those, so an endpoint declared without a
 * handler fails the compile instead of answering 404 at run time.
 */
export function routes<A extends Record<string, Endpoint>>(
  app: FastifyInstance,
  ctx: ModuleContext,
  api: A,
  handlers: { [Op in keyof A]: Handler<A[Op]> },
) {
  for (const op of Object.keys(handlers)) route(app, ctx, api[op], handlers[op] as Handler<Endpoint>);
}

/**
 * Register the handler of a declared endpoint: the declaration gives method, path, access (checked by
 * the one auth guard before the body is read), input validation, the answer's envelope and the
 * OpenAPI operation; the handler is a plain function of `(context, input)` answering `data`.
 */
export function route<E extends Endpoint>(app: FastifyInstance, ctx: ModuleContext, endpoint: E, handler: Handler<E>) {
  const download = endpoint.kind === 'download';
  app.withTypeProvider<ZodTypeProvider>().route({
    method: endpoint.method,
    url: endpoint.path,
    config: {
      public: endpoint.access === 'public',
      roles: Array.isArray(endpoint.access) ? endpoint.access : undefined,
      allowPendingPasswordChange: endpoint.allowPendingPasswordChange,
    },
    schema: {
      tags: [endpoint.module],
      summary: endpoint.summary,
      description: endpoint.description,
      operationId: `${endpoint.module}_${endpoint.operation}`,
      ...(endpoint.params && { params: endpoint.params }),
      ...(endpoint.query && { querystring: endpoint.query }),
      ...(endpoint.body && { body: endpoint.body }),
      ...(endpoint.kind === 'upload' && { consumes: ['multipart/form-data'] }),
      response: {
        ...(!download && { 200: envelopeOf(endpoint.answer ?? z.null()) }),
        ...errorResponses(endpoint),
      },
      ...(endpoint.access === 'public' && { security: [] }),
    },
    handler: async (request, reply) => {
      // Only what a declared schema validated reaches the handler: without a query schema Fastify leaves
      // the query string unchecked, and spreading it would let `?id=…` or `?remark=…` stand in for
      // fields the body left out.
      const input = {
        ...(endpoint.params && (request.params as object)),
        ...(endpoint.query && (request.query as object)),
        ...(endpoint.kind !== 'upload' && endpoint.body && (request.body as object)),
      } as ParsedInputOf<E>;
      let message = endpoint.message;
      const lang = requestLang(request);
      try {
        const data = await handler(
          contextOf(ctx, request, reply, (msg) => (message = typeof msg === 'string' ? msg : msg.render(lang))),
          input,
        );
        if (download || data === reply) return data;
        return ok(data ?? null, message);
      } finally {
        // Any write may end or change a session (logout, password, disable, role, agent expiry): cached
        // sessions go on every instance before the answer leaves, so revocation stays immediate.
        if (endpoint.method !== 'GET' && !endpoint.readOnly) await app.sessionCache?.forgetAll();
      }
    },
  });
}

function contextOf(
  ctx: ModuleContext,
  request: FastifyRequest,
  reply: FastifyReply,
  setMessage: (msg: string | Text) => void,
): HandlerContext {
  return {
    ...ctx,
    request,
    reply,
    lang: requestLang(request),
    setMessage,
    get user() {
      return authOf(request).user;
    },
    get caller() {
      return callerOf(authOf(request).user);
    },
    audit: async (entry, tx) => {
      await ctx.auditTrail.record(tx ?? ctx.db, request, entry);
    },
  };
}
