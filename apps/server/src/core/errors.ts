import { Code } from '@siteops/contracts/shared/envelope';
import { localize, t, type Lang, type Text } from './messages/index.ts';

/**
 * A failure the client should see as-is: HTTP status, envelope code, message and optional data. The
 * message (and any message inside `data`) is a catalog Text, rendered in the request's language by the
 * envelope; `message` is its English, for logs and callers that never reach the envelope.
 */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: number,
    readonly text: Text,
    readonly data: unknown = null,
    readonly headers: Record<string, string> = {},
  ) {
    super(text.render('en-US'));
  }

  /** The envelope's `msg` and `data` in `lang`. */
  render(lang: Lang) {
    return { msg: this.text.render(lang), data: localize(this.data, lang) };
  }
}

export const badRequest = (msg: Text, fields?: Record<string, Text>) =>
  new ApiError(400, Code.badRequest, msg, fields ? { fields } : null);
/** The 400 of one field: "field: message" as `msg`, the message beside the field. */
export const fieldError = (field: string, message: Text) =>
  badRequest(t('request.fieldError', { field, message }), { [field]: message });
export const badCredentials = () => new ApiError(401, Code.badCredentials, t('auth.badCredentials'));
export const forbidden = (msg: Text = t('auth.forbidden')) => new ApiError(403, Code.forbidden, msg);
/** Also what a row outside the caller's scope answers, so existence does not leak. */
export const notFound = (msg: Text = t('notFound.default')) => new ApiError(404, Code.notFound, msg);
export const conflict = (msg: Text, data: unknown = null) => new ApiError(409, Code.conflict, msg, data);
export const tooManyRequests = (msg: Text, retryAt: Date) =>
  new ApiError(
    429,
    Code.tooManyRequests,
    msg,
    { retryAt: retryAt.toISOString() },
    {
      'retry-after': String(Math.max(1, Math.ceil((retryAt.getTime() - Date.now()) / 1000))),
    },
  );
/** The 413 of an upload past its limit, saying what the limit is. */
export const payloadTooLarge = (msg: Text) => new ApiError(413, Code.payloadTooLarge, msg);
export const tokenInvalid = () => new ApiError(401, Code.tokenInvalid, t('auth.tokenInvalid'));
export const tokenExpired = () => new ApiError(401, Code.tokenExpired, t('auth.tokenExpired'));
export const tokenRevoked = (why: Text) => new ApiError(401, Code.tokenRevoked, why);
export const mustChangePassword = () =>
  new ApiError(403, Code.forbidden, t('auth.mustChangePassword'), { mustChangePassword: true });

/** Things a 404 names. */
export type Entity =
  | 'User'
  | 'Device'
  | 'Project'
  | 'Agent'
  | 'Platform'
  | 'Constant'
  | 'File'
  | 'Picture'
  | 'Upgrade'
  | 'Rollout'
  | 'Notification'
  | 'Visitor'
  | 'Photo'
  | 'Certification'
  | 'RegistrationLink'
  | 'Registration'
  | 'Application'
  | 'Campaign'
  | 'FacePerson'
  | 'Announcement'
  | 'Alarm'
  | 'AlarmAction'
  | 'AlarmRule'
  | 'AlarmChannel'
  | 'EscalationChain'
  | 'Worker'
  | 'Certificate'
  | 'Team'
  | 'Subcontractor';
/** "Device not found", or with ids "Device 3, 4 not found". */
export const notFoundOf = (what: Entity, ids?: readonly (number | string)[]) =>
  notFound(
    ids ? t('notFound.ids', { what: t(`entity.${what}`), ids }) : t('notFound.one', { what: t(`entity.${what}`) }),
  );

/** The row, or the 404 that a missing row and a row outside the caller's scope both answer. */
export function mustExist<T>(row: T | undefined, what: Entity): T {
  if (row === undefined) throw notFoundOf(what);
  return row;
}

/**
 * Every id a request names must be among the rows read for it (within the caller's scope), else the
 * 404 names those that are not: another tenant's id reads as a missing one.
 */
export function allFoundOr404(what: Entity, wanted: readonly number[], found: readonly { id: number }[]): void {
  const ids = new Set(found.map((r) => r.id));
  const missing = wanted.filter((id) => !ids.has(id));
  if (missing.length) throw notFoundOf(what, missing);
}

/** Too many failed logins or password checks from this client: the same words whether the account exists. */
export const throttled = (until: Date) => {
  const minutes = Math.max(1, Math.ceil((until.getTime() - Date.now()) / 60_000));
  return tooManyRequests(t('auth.throttled', { minutes, until: until.toISOString() }), until);
};
