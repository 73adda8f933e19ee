import { useState } from 'react';
import { Button, Flex, Image, Upload } from 'antd';
import { UploadOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { IMAGE_MIMES, UPLOAD_MAX_BYTES_DEFAULT, type FileKind } from '@siteops/contracts/file';
import { fileApi } from '@siteops/contracts/api/file';
import { upload } from '@/api/endpoint';

export interface ImageUploadProps {
  kind: FileKind;
  /** The uploaded file's id (what the user record stores). */
  value?: string | null;
  onChange?: (id: string | null) => void;
  /** Signed URL of the image the record already has. */
  initialUrl?: string | null;
  /** Accessible name of the file chooser. */
  label: string;
  id?: string;
}

/**
 * One image field of the user form: picks a file, uploads it (the server
 * checks the content and the size again) and holds the answered id as the field's value.
 */
export function ImageUpload({ kind, value, onChange, initialUrl, label, id }: ImageUploadProps) {
  const { t } = useTranslation();
  const [url, setUrl] = useState<string | null>(initialUrl ?? null);
  const [uploading, setUploading] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const shown = value ? url : null;

  const choose = async (file: File) => {
    setProblem(null);
    if (!(IMAGE_MIMES as readonly string[]).includes(file.type)) {
      setProblem(t('users.uploadWrongType'));
      return;
    }
    if (file.size > UPLOAD_MAX_BYTES_DEFAULT) {
      setProblem(t('users.uploadTooLarge', { size: UPLOAD_MAX_BYTES_DEFAULT / 1024 / 1024 }));
      return;
    }
    setUploading(true);
    try {
      const form = new FormData();
      form.append('file', file, file.name);
      const uploaded = await upload(fileApi.upload, form, { input: { kind } });
      setUrl(uploaded.url);
      onChange?.(uploaded.id);
    } catch {
      // The client already showed the server's reason.
    } finally {
      setUploading(false);
    }
  };

  return (
    <Flex align="center" gap={12} data-testid={`upload-${kind}`}>
      {shown ? (
        <Image src={shown} width={56} height={56} style={{ objectFit: 'cover', borderRadius: 4 }} alt={label} />
      ) : null}
      <Upload
        accept={IMAGE_MIMES.join(',')}
        showUploadList={false}
        beforeUpload={(file) => {
          void choose(file);
          return Upload.LIST_IGNORE;
        }}
      >
        <Button id={id} icon={<UploadOutlined />} loading={uploading} aria-label={`${t('users.upload')} ${label}`}>
          {t('users.upload')}
        </Button>
      </Upload>
      <span style={{ color: problem ? 'var(--ant-color-error)' : 'var(--ant-color-text-tertiary)' }}>
        {problem ?? t('users.uploadTypes')}
      </span>
    </Flex>
  );
}
