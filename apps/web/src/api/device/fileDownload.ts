import axios, { type AxiosRequestConfig } from 'axios';
import i18n from '../../i18n/i18n';
import { message } from '../../lib/feedback';
import { http } from '../client';
import { ApiError, isEnvelope } from '../envelope';

export interface DownloadedFile {
  blob: Blob;
  /** From Content-Disposition, if the server named it. */
  fileName: string | undefined;
}

function fileNameOf(disposition: unknown): string | undefined {
  if (typeof disposition !== 'string') return undefined;
  const star = /filename\*=(?:UTF-8'')?([^;]+)/i.exec(disposition);
  if (star) return decodeURIComponent(star[1].trim().replace(/^"|"$/g, ''));
  return /filename="?([^";]+)"?/i.exec(disposition)?.[1];
}

/**
 * A call that answers a file. Its errors arrive as a Blob too, which the shared client cannot read,
 * so this one reads the envelope out of it and reports it like the client does (toast, ApiError
 * with `data.fields`), so a form can still put a 400's messages on its fields.
 */
export async function downloadFile(config: AxiosRequestConfig): Promise<DownloadedFile> {
  try {
    const response = await http.request<Blob>({ ...config, responseType: 'blob', silent: true });
    return { blob: response.data, fileName: fileNameOf(response.headers['content-disposition']) };
  } catch (error) {
    if (axios.isAxiosError(error) && error.response?.data instanceof Blob) {
      let body: unknown;
      try {
        body = JSON.parse(await error.response.data.text());
      } catch {
        body = undefined;
      }
      if (isEnvelope(body)) {
        const text = body.msg || i18n.t('request.error');
        message().error({ content: text, duration: 5 });
        throw new ApiError(text, body.code, error.response.status, body.data);
      }
    }
    if (!axios.isCancel(error)) {
      const text = error instanceof Error && error.message ? error.message : i18n.t('request.transport');
      message().error({ content: text, duration: 5 });
    }
    throw error;
  }
}

/** Hands a downloaded file to the browser as a download. */
export function saveFile(blob: Blob, fileName: string) {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  document.body.append(link);
  link.click();
  link.remove();
  // Revoke later: some browsers start reading the URL only after click() returns.
  setTimeout(() => URL.revokeObjectURL(url), 30_000);
}
