import { userApi } from '@siteops/contracts/user/api';
import { Code, LOGOUT_CODES, type Envelope } from '@siteops/contracts/shared/envelope';

/** The one endpoint whose logout codes must not open the dialog: the guard handles its failure itself (spec 8). */
export const INFO_URL = userApi.info.path;

export function isEnvelope(body: unknown): body is Envelope<unknown> {
  return typeof body === 'object' && body !== null && typeof (body as { code?: unknown }).code === 'number';
}

/** What the client does with an envelope: pass it on, or reject it (toast) and maybe offer to log in again. */
export function envelopeOutcome(code: number, url: string | undefined): 'ok' | 'error' | 'error+relogin' {
  if (code === Code.ok) return 'ok';
  if (LOGOUT_CODES.includes(code) && url !== INFO_URL) return 'error+relogin';
  return 'error';
}

/** A rejected call whose answer was an envelope: keeps the code and data (e.g. `data.fields` of a 40000). */
export class ApiError extends Error {
  constructor(
    message: string,
    readonly code: number,
    readonly status: number | undefined,
    readonly data: unknown,
  ) {
    super(message);
    this.name = 'ApiError';
  }

  /** Per-field messages of a validation failure, if the server sent them. */
  get fields(): Record<string, string> {
    const fields = (this.data as { fields?: unknown } | null)?.fields;
    return typeof fields === 'object' && fields !== null ? (fields as Record<string, string>) : {};
  }
}
