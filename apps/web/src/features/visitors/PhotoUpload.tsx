import { Flex } from 'antd';
import { useTranslation } from 'react-i18next';
import { visitorApi } from '@siteops/contracts/visitor/api';
import { upload } from '@/api/endpoint';
import { UploadButton, UploadNote, UploadThumb } from '@/components/upload/UploadButton';
import { useImageUpload, type ImageFieldProps } from '@/components/upload/useImageUpload';

const PHOTO_MIMES = ['image/jpeg', 'image/png'];

/**
 * The visitor's face photo: picks a JPEG or PNG, uploads it to postAvatar (the server checks the
 * content and the size in pixels again: a wrong type, too small or too large is its toast) and holds the
 * answered id as the field's value.
 */
export function PhotoUpload({ value, onChange, initialUrl, id }: ImageFieldProps) {
  const { t } = useTranslation();
  const field = useImageUpload({
    mimes: PHOTO_MIMES,
    send: (form) => upload(visitorApi.postAvatar, form),
    wrongType: () => t('visitors.uploadWrongType'),
    tooLarge: (size) => t('visitors.uploadTooLarge', { size }),
    value,
    initialUrl,
    onChange,
  });

  return (
    <Flex align="center" gap={12} wrap>
      <UploadThumb field={field} alt={t('visitors.avatar')} />
      <UploadButton field={field} id={id}>
        {t('visitors.upload')}
      </UploadButton>
      <UploadNote field={field} hint={t('visitors.uploadTypes')} />
    </Flex>
  );
}
