import { Button, Flex, Image, Upload } from 'antd';
import { UploadOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { visitorApi } from '@siteops/contracts/api/visitor';
import { upload } from '@/api/endpoint';
import { useImageUpload } from '@/components/upload/useImageUpload';

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
 * content and the size in pixels again: a wrong type, too small or too large is its toast) and holds the
 * answered id as the field's value.
 */
export function PhotoUpload({ value, onChange, initialUrl, id }: PhotoUploadProps) {
  const { t } = useTranslation();
  const field = useImageUpload({
    mimes: PHOTO_MIMES,
    send: (form) => upload(visitorApi.postAvatar, form),
    wrongType: () => t('visitors.uploadWrongType'),
    tooLarge: (size) => t('visitors.uploadTooLarge', { size }),
    initialUrl,
    onChange,
  });
  const shown = value ? field.url : null;

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
      <Upload accept={field.accept} showUploadList={false} beforeUpload={field.beforeUpload}>
        <Button id={id} icon={<UploadOutlined />} loading={field.uploading}>
          {t('visitors.upload')}
        </Button>
      </Upload>
      <span style={{ color: field.problem ? 'var(--ant-color-error)' : 'var(--ant-color-text-tertiary)' }}>
        {field.problem ?? t('visitors.uploadTypes')}
      </span>
    </Flex>
  );
}
