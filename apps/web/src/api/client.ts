import axios, { type AxiosError, type AxiosRequestConfig, type AxiosResponse } from 'axios';
import type { Envelope } from '@siteops/contracts/envelope';
import i18n from '../i18n/i18n';
import { message, modal } from '../lib/feedback';
import { clearToken, getToken } from '../lib/token';
import { ApiError, envelopeOutcome, isEnvelope } from './envelope';
import { ERROR_SECONDS, markReported } from './reported';

declare module 'axios' {
  interface AxiosRequestConfig {
    /** Report nothing (no toast, no dialog): for calls whose failure is expected, like logging out a dead session. */
    silent?: boolean;
  }
}

/** Spec 7/9: same-origin `/api` unless a build-time base URL is given; no timeout. */
export const http = axios.create({ baseURL: import.meta.env.VITE_API_BASE_URL ?? '' });

http.interceptors.request.use((config) => {
  const token = getToken();
  if (token) config.headers.set('Authorization', `Bearer ${token}`);
  return config;
});

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
function rejectEnvelope(body: Envelope<unknown>, config: AxiosRequestConfig | undefined, status?: number) {
  // Codes the console words itself (request.codes.<code>, both languages); the others show the server's text.
  const key = `request.codes.${body.code}`;
  const text = i18n.exists(key) ? i18n.t(key) : body.msg || i18n.t('request.error');
  const error = new ApiError(text, body.code, status, body.data);
  if (!config?.silent) {
    message().error({ content: text, duration: ERROR_SECONDS });
    if (envelopeOutcome(body.code, config?.url) === 'error+relogin') offerRelogin();
    markReported(error);
  }
  return Promise.reject(error);
}

http.interceptors.response.use(
  (response: AxiosResponse) => {
    // Downloads are not envelopes.
    if (response.config.responseType === 'blob' || response.data instanceof Blob) return response;
    const body: unknown = response.data;
    if (isEnvelope(body) && envelopeOutcome(body.code, response.config.url) !== 'ok') {
      return rejectEnvelope(body, response.config, response.status);
    }
    return response;
  },
  (error: AxiosError) => {
    if (axios.isCancel(error)) return Promise.reject(error);
    const body: unknown = error.response?.data;
    if (isEnvelope(body)) return rejectEnvelope(body, error.config, error.response?.status);
    if (!error.config?.silent) {
      // axios's own texts: "Network Error", "Request failed with status code N", "timeout of N ms exceeded".
      message().error({ content: error.message || i18n.t('request.transport'), duration: ERROR_SECONDS });
      markReported(error);
    }
    return Promise.reject(error);
  },
);

/** Make a call and answer the envelope's `data`. */
export async function request<T>(config: AxiosRequestConfig): Promise<T> {
  const response = await http.request<Envelope<T>>(config);
  return response.data.data;
}
