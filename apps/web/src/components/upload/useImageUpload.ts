import { useState } from 'react';
import { Upload } from 'antd';
import { UPLOAD_MAX_BYTES_DEFAULT } from '@siteops/contracts/file/schemas';
import { afterReport } from '@/api/reported';

/** What Form.Item hands an image field: the stored file's id and its setter, the field's id. */
export interface ImageFieldProps {
  /** The uploaded file's id (what the record stores). */
  value?: string | null;
  onChange?: (id: string | null) => void;
  /** Signed URL of the image the record already has. */
  initialUrl?: string | null;
  id?: string;
}

export interface ImageUploadOptions extends Omit<ImageFieldProps, 'id'> {
  /** The MIME types the field takes (its chooser offers only these). */
  mimes: readonly string[];
  /** Sends the picked file; answers the stored file's id and a URL to show it. */
  send: (form: FormData) => Promise<{ id: string; url: string }>;
  /** The field's message for a file of another type, and for one over the size limit (in MB). */
  wrongType: () => string;
  tooLarge: (megabytes: number) => string;
}

/**
 * The state of an image form field that uploads as soon as a file is picked: the type and size are
 * checked here first, so the user hears at once (the server checks the content again), and the
 * answered id becomes the field's value. A failed upload is told by the client (afterReport).
 */
export function useImageUpload({ mimes, send, wrongType, tooLarge, value, initialUrl, onChange }: ImageUploadOptions) {
  const [url, setUrl] = useState<string | null>(initialUrl ?? null);
  const [uploading, setUploading] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);

  const choose = async (file: File) => {
    setProblem(null);
    if (!mimes.includes(file.type)) return setProblem(wrongType());
    if (file.size > UPLOAD_MAX_BYTES_DEFAULT) return setProblem(tooLarge(UPLOAD_MAX_BYTES_DEFAULT / 1024 / 1024));
    setUploading(true);
    const form = new FormData();
    form.append('file', file, file.name);
    const uploaded = await afterReport(send(form));
    setUploading(false);
    if (!uploaded) return;
    setUrl(uploaded.url);
    onChange?.(uploaded.id);
  };

  /** antd Upload's beforeUpload: this hook uploads the file, so Upload keeps no list of its own. */
  const beforeUpload = (file: File) => {
    void choose(file);
    return Upload.LIST_IGNORE;
  };

  return {
    url,
    /** The image to show: the field's, while it holds one (a reset form shows none). */
    shown: value ? url : null,
    uploading,
    problem,
    beforeUpload,
    accept: mimes.join(','),
  };
}
