import type { FastifyServerOptions } from 'fastify';

type Logged = Record<string, unknown>;

/** SQLSTATE class 22 (data exception) messages quote the offending value ("invalid input syntax…: \"…\""). */
const QUOTES_VALUE = /^22/;
/** Driver fields that quote row values ("Key (id_no_hash)=(…) already exists") or whole statements. */
const DROPPED = new Set(['params', 'detail', 'where', 'internalQuery', 'query', 'parameters', 'values']);

/**
 * The `err` serializer of every log line. Database errors are logged without their bound values: drizzle
 * puts the parameters (password hashes, ID numbers, names) into its error message and `params`, and the
 * drivers quote row values in `detail` and in data-exception messages. What stays is enough to find the
 * fault: the SQL text with its $n placeholders, the SQLSTATE, constraint, table and column, the stack.
 */
export function safeErr(err: unknown, depth = 0): unknown {
  if (!(err instanceof Error) || depth > 5) return err;
  const e = err as Error & Logged;
  const state = typeof e.code === 'string' && /^[0-9A-Z]{5}$/.test(e.code) ? e.code : undefined;
  let message = e.message.replace(/\nparams: [\s\S]*$/, '');
  if (state && QUOTES_VALUE.test(state)) message = `SQLSTATE ${state} (data exception; value not logged)`;
  const out: Logged = { type: e.name, message };
  for (const [k, v] of Object.entries(e)) {
    if (DROPPED.has(k) || k === 'cause' || v === undefined) continue;
    if (v === null || ['string', 'number', 'boolean'].includes(typeof v)) out[k] = v;
  }
  // The stack's first lines repeat the message; keep only the frames.
  const frames = (e.stack ?? '').split('\n').filter((line) => /^\s+at /.test(line));
  out.stack = [`${e.name}: ${message}`, ...frames].join('\n');
  if (e.cause !== undefined) out.cause = safeErr(e.cause, depth + 1);
  return out;
}

/** The app's logger options with the safe `err` serializer, whatever the caller passed (false stays off). */
export function withSafeErrors(logger: FastifyServerOptions['logger'], level: string): FastifyServerOptions['logger'] {
  if (logger === false) return false;
  const base = typeof logger === 'object' && logger !== null ? logger : { level };
  const serializers = 'serializers' in base && base.serializers ? base.serializers : {};
  const err = (e: Error) => safeErr(e) as { type: string; message: string; stack: string };
  return { ...base, serializers: { ...serializers, err } };
}
