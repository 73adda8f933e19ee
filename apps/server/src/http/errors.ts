import { Code } from '@siteops/contracts/envelope';

/** A failure the client should see as-is: HTTP status, envelope code, message and optional data. */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: number,
    message: string,
    readonly data: unknown = null,
    readonly headers: Record<string, string> = {},
  ) {
    super(message);
  }
}

export const badRequest = (msg: string, fields?: Record<string, string>) =>
  new ApiError(400, Code.badRequest, msg, fields ? { fields } : null);
export const badCredentials = () => new ApiError(401, Code.badCredentials, 'Incorrect username or password');
export const forbidden = (msg = 'Access to this resource on the server is denied') =>
  new ApiError(403, Code.forbidden, msg);
/** Also what a row outside the caller's scope answers, so existence does not leak. */
export const notFound = (msg = 'Not found') => new ApiError(404, Code.notFound, msg);
export const conflict = (msg: string, data: unknown = null) => new ApiError(409, Code.conflict, msg, data);
export const tooManyRequests = (msg: string, retryAt: Date) =>
  new ApiError(
    429,
    Code.tooManyRequests,
    msg,
    { retryAt: retryAt.toISOString() },
    {
      'retry-after': String(Math.max(1, Math.ceil((retryAt.getTime() - Date.now()) / 1000))),
    },
  );
export const tokenInvalid = () => new ApiError(401, Code.tokenInvalid, 'Invalid token, please log in again');
export const tokenExpired = () => new ApiError(401, Code.tokenExpired, 'Your session has expired, please log in again');
export const tokenRevoked = (why: string) => new ApiError(401, Code.tokenRevoked, why);

/** Too many failed logins or password checks from this client: the same words whether the account exists. */
export const throttled = (until: Date) => {
  const minutes = Math.max(1, Math.ceil((until.getTime() - Date.now()) / 60_000));
  return tooManyRequests(
    `Too many failed attempts from this client: try again in ${minutes} minute(s) (after ${until.toISOString()})`,
    until,
  );
};
