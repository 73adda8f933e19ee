/**
 * Every API answer is `{ code, msg, data }`. HTTP status stays meaningful; `code` refines it.
 * The web client keys its behaviour (logout dialog, toasts) off these codes, so they are a contract.
 */
export const Code = {
  ok: 200,
  badRequest: 40000,
  /** login refused: unknown user or wrong password (one message for both) */
  badCredentials: 40100,
  forbidden: 40300,
  notFound: 40400,
  conflict: 40900,
  payloadTooLarge: 41300,
  tooManyRequests: 42900,
  internal: 50000,
  /** HTTP 503: the database does not answer (outage, partition); retry shortly */
  dbUnavailable: 50300,
  /** HTTP 503 from /api/health only: the Redis bus of a multi-instance deployment does not answer */
  redisUnavailable: 50301,
  /** token unknown or malformed */
  tokenInvalid: 50008,
  /** session ended elsewhere: logout, password change, account disabled, admin revoke */
  tokenRevoked: 50012,
  /** session idle or absolute lifetime passed */
  tokenExpired: 50014,
} as const;

/** Codes after which the client must drop its token and ask the user to log in again. */
export const LOGOUT_CODES: readonly number[] = [Code.tokenInvalid, Code.tokenRevoked, Code.tokenExpired];

export interface Envelope<T> {
  code: number;
  msg: string;
  data: T;
}

export interface Page<T> {
  list: T[];
  total: number;
  page: number;
  pageSize: number;
}
