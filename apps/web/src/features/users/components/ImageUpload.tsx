import { Button, Flex, Image, Upload } from 'antd';
import { UploadOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { IMAGE_MIMES, type FileKind } from '@siteops/contracts/file';
import { fileApi } from '@siteops/contracts/api/file';
import { upload } from '@/api/endpoint';
import { useImageUpload } from '@/components/upload/useImageUpload';

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
  const field = useImageUpload({
    mimes: IMAGE_MIMES,
    send: (form) => upload(fileApi.upload, form, { input: { kind } }),
    wrongType: () => t('users.uploadWrongType'),
    tooLarge: (size) => t('users.uploadTooLarge', { size }),
    initialUrl,
    onChange,
  });
  const shown = value ? field.url : null;

  return (
    <Flex align="center" gap={12} data-testid={`upload-${kind}`}>
      {shown ? (
        <Image src={shown} width={56} height={56} style={{ objectFit: 'cover', borderRadius: 4 }} alt={label} />
      ) : null}
      <Upload accept={field.accept} showUploadList={false} beforeUpload={field.beforeUpload}>
        <Button
          id={id}
          icon={<UploadOutlined />}
          loading={field.uploading}
          aria-label={`${t('users.upload')} ${label}`}
        >
          {t('users.upload')}
        </Button>
      </Upload>
      <span style={{ color: field.problem ? 'var(--ant-color-error)' : 'var(--ant-color-text-tertiary)' }}>
        {field.problem ?? t('users.uploadTypes')}
      </span>
    </Flex>
  );
}
