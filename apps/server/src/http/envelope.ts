import { z } from 'zod';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors, isResponseSerializationError } from 'fastify-type-provider-zod';
import { Code, type Envelope } from '@siteops/contracts/shared/envelope';
import { ApiError } from '../core/errors.ts';
import { isDatabaseUnavailable } from '../db/unavailable.ts';

/** Seconds a client (or load balancer) should wait before retrying while the database is away. */
const DB_RETRY_AFTER_S = '5';
import { langOf, t, type Lang, type MessageKey } from '../core/messages/index.ts';
import { fieldMessage, parseIn } from '../core/messages/zod.ts';

/** The language this request is answered in (Accept-Language; docs/decisions/0011). */
export const requestLang = (request: FastifyRequest): Lang => langOf(request.headers['accept-language']);

export function ok<T>(data: T, msg = 'success'): Envelope<T> {
  return { code: Code.ok, msg, data };
}

/** Response schema of an envelope carrying `data`, for validation and the OpenAPI document. */
export function envelopeOf<T extends z.ZodType>(data: T) {
  return z.object({ code: z.number(), msg: z.string(), data });
}

const STATUS_CODES: Record<number, number> = {
  400: Code.badRequest,
  401: Code.tokenInvalid,
  403: Code.forbidden,
  404: Code.notFound,
  409: Code.conflict,
  413: Code.payloadTooLarge,
  429: Code.tooManyRequests,
};

type ValidationIssue = { instancePath?: string; message?: string; params?: unknown };

/** Field path -> first message, as the web form shows it beside each field. */
function fieldsOf(issues: readonly ValidationIssue[], lang: Lang) {
  const fields: Record<string, string> = {};
  for (const issue of issues) {
    const params = issue.params as { issue?: { path?: PropertyKey[] } } | undefined;
    const key =
      params?.issue?.path?.map(String).join('.') || issue.instancePath?.replace(/^\//, '').replace(/\//g, '.') || '_';
    fields[key] ??= issue.message ? fieldMessage(issue.message, lang) : 'invalid';
  }
  return fields;
}

const INPUT_OF: Record<string, (request: FastifyRequest) => unknown> = {
  body: (r) => r.body,
  querystring: (r) => r.query,
  params: (r) => r.params,
  headers: (r) => r.headers,
};

/**
 * The validation issues in `lang`: English as they are; otherwise the input is parsed again with the
 * language's zod locale (only on this failure path), so zod's own messages come out translated.
 */
function issuesIn(
  err: FastifyError & { validation: readonly ValidationIssue[] },
  request: FastifyRequest,
  lang: Lang,
): readonly ValidationIssue[] {
  if (lang === 'en-US') return err.validation;
  const where = String(err.validationContext);
  const schema = (request.routeOptions.schema as Record<string, unknown> | undefined)?.[where];
  const input = INPUT_OF[where];
  if (!(schema instanceof z.ZodType) || !input) return err.validation;
  const result = parseIn(schema, input(request), lang);
  if (result.success) return err.validation;
  return result.error.issues.map((issue) => ({ message: issue.message, params: { issue } }));
}

/** Fastify's own 4xx refusals a client meets, by code, in the catalog's words. */
const FASTIFY_MESSAGES: Record<string, MessageKey | undefined> = {
  FST_ERR_CTP_INVALID_JSON_BODY: 'request.malformedJson',
  FST_ERR_CTP_BODY_TOO_LARGE: 'request.bodyTooLarge',
  FST_ERR_CTP_EMPTY_JSON_BODY: 'request.emptyJson',
  FST_ERR_CTP_INVALID_MEDIA_TYPE: 'request.unsupportedMediaType',
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: 'request.badLength',
};

/**
 * What @fastify/busboy (under @fastify/multipart) throws for a multipart body it cannot parse: plain errors
 * without a status, which would otherwise answer 500.
 */
const MALFORMED_MULTIPART =
  /^(Multipart: Boundary not found|Boundary required|Unexpected end of multipart data|\w+ terminated early due to unexpected end of multipart data|The needle cannot have a length bigger than 256\.)$/;

/**
 * Fastify's `frameworkErrors` (a server option, so it cannot be installed later): a URL that cannot be
 * decoded, such as `/api/%E0%A4%A` or a path parameter of invalid UTF-8, is refused by the router
 * before any route runs; it answers the same 400 envelope as any other bad input.
 */
export function frameworkErrors(error: FastifyError, request: FastifyRequest, reply: FastifyReply) {
  const status = error.statusCode ?? 500;
  if (status >= 400 && status < 500) {
    const msg =
      error.code === 'FST_ERR_BAD_URL' ? t('request.malformedUrl').render(requestLang(request)) : error.message;
    return reply.status(status).send({ code: STATUS_CODES[status] ?? status * 100, msg, data: null });
  }
  request.log.error({ err: error }, 'router error');
  return reply
    .status(500)
    .send({ code: Code.internal, msg: t('server.internal').render(requestLang(request)), data: null });
}

/**
 * The one place errors become envelopes: every answer, failures included, is `{ code, msg, data }`,
 * and nothing internal (stack, SQL, driver text) reaches the client.
 */
export function installEnvelope(app: FastifyInstance) {
  app.setErrorHandler((err: FastifyError, request, reply) => {
    const lang = requestLang(request);
    const say = (key: Parameters<typeof t>[0]) => t(key).render(lang);
    if (err instanceof ApiError) {
      return reply
        .status(err.status)
        .headers(err.headers)
        .send({ code: err.code, ...err.render(lang) });
    }
    if (hasZodFastifySchemaValidationErrors(err)) {
      const fields = fieldsOf(issuesIn(err, request, lang), lang);
      const first = Object.entries(fields)[0];
      const msg = first
        ? t('request.fieldError', { field: first[0] === '_' ? t('request.body') : first[0], message: first[1] }).render(
            lang,
          )
        : say('request.invalid');
      return reply.status(400).send({ code: Code.badRequest, msg, data: { fields } });
    }
    if (isResponseSerializationError(err)) {
      request.log.error({ err }, 'response did not match its schema');
      return reply.status(500).send({ code: Code.internal, msg: say('server.internal'), data: null });
    }
    if (!err.statusCode && MALFORMED_MULTIPART.test(err.message)) {
      return reply.status(400).send({ code: Code.badRequest, msg: say('request.malformedMultipart'), data: null });
    }
    if (isDatabaseUnavailable(err)) {
      // The watchdog warns once per outage; per request only at debug, without the error object (its
      // message or cause may carry the query's bound values).
      request.log.debug('database unavailable');
      return reply
        .status(503)
        .header('retry-after', DB_RETRY_AFTER_S)
        .send({ code: Code.dbUnavailable, msg: say('server.dbUnavailable'), data: null });
    }
    const status = err.statusCode ?? 500;
    if (status >= 400 && status < 500) {
      const known = err instanceof SyntaxError ? 'request.malformedJson' : FASTIFY_MESSAGES[err.code];
      // A Fastify refusal without a key keeps its own (English) words rather than none.
      const msg = known ? say(known) : err.message;
      return reply.status(status).send({ code: STATUS_CODES[status] ?? status * 100, msg, data: null });
    }
    request.log.error({ err }, 'unhandled error');
    return reply.status(500).send({ code: Code.internal, msg: say('server.internal'), data: null });
  });

  app.setNotFoundHandler((request, reply) => {
    const msg = t('request.noRoute', { method: request.method, path: request.url.split('?')[0] });
    reply.status(404).send({ code: Code.notFound, msg: msg.render(requestLang(request)), data: null });
  });
}
