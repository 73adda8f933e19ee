import { useState } from 'react';
import { Button, Flex, Image, Upload } from 'antd';
import { UploadOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { UPLOAD_MAX_BYTES_DEFAULT } from '@siteops/contracts/file';
import { visitorApi } from '@siteops/contracts/api/visitor';
import { upload } from '@/api/endpoint';

const PHOTO_MIMES = ['image/jpeg', 'image/png'];

export interface PhotoUploadProps {
  /** The uploaded photo's id (what the visitor record stores). */
  value?: string | null;
  onChange?: (id: string | null) => void;
  /** Signed URL of the photo the visitor already has. */
  initialUrl?: string | null;
  id?: string;
}

/**
 * The visitor's face photo: picks a JPEG or PNG, uploads it to postAvatar (the server checks the
 * content and the size in pixels again) and holds the answered id as the field's value.
 */
export function PhotoUpload({ value, onChange, initialUrl, id }: PhotoUploadProps) {
  const { t } = useTranslation();
  const [url, setUrl] = useState<string | null>(initialUrl ?? null);
  const [uploading, setUploading] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const shown = value ? url : null;

  const choose = async (file: File) => {
    setProblem(null);
    if (!PHOTO_MIMES.includes(file.type)) return setProblem(t('visitors.uploadWrongType'));
    if (file.size > UPLOAD_MAX_BYTES_DEFAULT) {
      return setProblem(t('visitors.uploadTooLarge', { size: UPLOAD_MAX_BYTES_DEFAULT / 1024 / 1024 }));
    }
    setUploading(true);
    try {
      const form = new FormData();
      form.append('file', file, file.name);
      const uploaded = await upload(visitorApi.postAvatar, form);
      setUrl(uploaded.url);
      onChange?.(uploaded.id);
    } catch {
      // The client already showed the server's reason (wrong type, too small, too large).
    } finally {
      setUploading(false);
    }
  };

  return (
    <Flex align="center" gap={12} wrap>
      {shown ? (
        <Image
          src={shown}
          width={56}
          height={56}
          style={{ objectFit: 'cover', borderRadius: 4 }}
          alt={t('visitors.avatar')}
        />
      ) : null}
      <Upload
        accept={PHOTO_MIMES.join(',')}
        showUploadList={false}
        beforeUpload={(file) => {
          void choose(file);
          return Upload.LIST_IGNORE;
        }}
      >
        <Button id={id} icon={<UploadOutlined />} loading={uploading}>
          {t('visitors.upload')}
        </Button>
      </Upload>
      <span style={{ color: problem ? 'var(--ant-color-error)' : 'var(--ant-color-text-tertiary)' }}>
        {problem ?? t('visitors.uploadTypes')}
      </span>
    </Flex>
  );
}
