import type { Envelope } from '@siteops/contracts/shared/envelope';
import i18n from '@/i18n/i18n';
import { message, modal } from '@/lib/feedback';
import { clearToken, getToken } from '@/lib/token';
import { ApiError, envelopeOutcome, isEnvelope } from './envelope';
import { ERROR_SECONDS, markReported } from './reported';
import { isCancel, send, TransportError, type RequestConfig, type Response } from './transport';

export type { RequestConfig } from './transport';

/** Spec 7/9: same-origin `/api` unless a build-time base URL is given; no timeout. */
const BASE_URL: string = import.meta.env.VITE_API_BASE_URL ?? '';

/** What "Re-Login" in the logout dialog does; the app registers the full logout (server call, stores). */
let relogin: () => Promise<void> = async () => clearToken();
export function setReloginHandler(handler: () => Promise<void>) {
  relogin = handler;
}

let reloginDialogOpen = false;
function offerRelogin() {
  if (reloginDialogOpen) return;
  reloginDialogOpen = true;
  modal().confirm({
    title: i18n.t('logoutDialog.title'),
    content: i18n.t('logoutDialog.content'),
    okText: i18n.t('logoutDialog.ok'),
    cancelText: i18n.t('logoutDialog.cancel'),
    async onOk() {
      await relogin();
      window.location.reload();
    },
    afterClose() {
      reloginDialogOpen = false;
    },
  });
}

/** Turn a non-200 envelope (from a 2xx or an error status, the server uses both) into a rejection. */
function envelopeFailure(body: Envelope<unknown>, config: RequestConfig, status: number) {
  // The server words its answers in the console's language (Accept-Language, decision 0011).
  const text = body.msg || i18n.t('request.error');
  const error = new ApiError(text, body.code, status, body.data);
  if (!config.silent) {
    message().error({ content: text, duration: ERROR_SECONDS });
    if (envelopeOutcome(body.code, config.url) === 'error+relogin') offerRelogin();
    markReported(error);
  }
  return error;
}

/** Spec 8's generic client messages, in the console's language (never the browser's English). */
export function transportText(error: TransportError): string {
  if (error.kind === 'status') return i18n.t('request.status', { status: error.response?.status });
  return i18n.t(`request.${error.kind}`);
}

/** The answer of a non-2xx status when its body is an envelope (a Blob body is read first: downloads). */
async function envelopeOf(response: Response | undefined): Promise<Envelope<unknown> | undefined> {
  let body = response?.body;
  if (body instanceof Blob) {
    try {
      body = JSON.parse(await body.text()) as unknown;
    } catch {
      return undefined;
    }
  }
  return isEnvelope(body) ? body : undefined;
}

/** A failed call, reported once (spec 8) unless `silent`; cancelled calls are never reported. */
async function failure(error: unknown, config: RequestConfig): Promise<unknown> {
  if (!(error instanceof TransportError) || isCancel(error)) return error;
  const envelope = await envelopeOf(error.response);
  if (envelope) return envelopeFailure(envelope, config, error.response?.status ?? 0);
  if (!config.silent) {
    message().error({ content: transportText(error), duration: ERROR_SECONDS });
    markReported(error);
  }
  return error;
}

/**
 * Make a call with the session's token and the console's language, and answer the whole response:
 * a JSON envelope other than 200, a non-2xx status and a transport failure all reject, reported once.
 */
export async function exchange<T>(config: RequestConfig): Promise<Response<T>> {
  const token = getToken();
  const headers = { 'Accept-Language': i18n.language, ...(token ? { Authorization: `Bearer ${token}` } : {}) };
  let response: Response<T>;
  try {
    response = await send<T>(BASE_URL, { ...config, headers: { ...headers, ...config.headers } });
  } catch (error) {
    throw await failure(error, config);
  }
  // Downloads are not envelopes.
  const body: unknown = response.body;
  if (!(body instanceof Blob) && isEnvelope(body) && envelopeOutcome(body.code, config.url) !== 'ok') {
    throw envelopeFailure(body, config, response.status);
  }
  return response;
}

/** Make a call and answer the envelope's `data`. */
export async function request<T>(config: RequestConfig): Promise<T> {
  const response = await exchange<Envelope<T>>(config);
  return response.body.data;
}
