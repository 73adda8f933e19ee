import { Flex } from 'antd';
import { useTranslation } from 'react-i18next';
import { UploadButton, UploadNote, UploadThumb } from '@/components/upload/UploadButton';
import { useImageUpload, type ImageFieldProps } from '@/components/upload/useImageUpload';
import { postPhoto } from './api/postPhoto';

const PHOTO_MIMES = ['image/jpeg', 'image/png'];

/**
 * The worker's face photo, which the project's face terminals enrol (or, `card`, a photo of a certificate
 * card, checked the same way): a JPEG or PNG, uploaded to
 * postPhoto (the server checks content and size again; its refusal is its toast); the answered id is the
 * field's value.
 */
export function WorkerPhotoUpload({
  value,
  onChange,
  initialUrl,
  id,
  card = false,
}: ImageFieldProps & {
  /** A photo of a certificate card (same checks), not a face. */
  card?: boolean;
}) {
  const { t } = useTranslation();
  const field = useImageUpload({
    mimes: PHOTO_MIMES,
    send: postPhoto,
    wrongType: () => t('labour.uploadWrongType'),
    tooLarge: (size) => t('labour.uploadTooLarge', { size }),
    value,
    initialUrl,
    onChange,
  });
  return (
    <Flex align="center" gap={12} wrap>
      <UploadThumb field={field} alt={t(card ? 'labour.cardPhoto' : 'labour.photo')} />
      <UploadButton field={field} id={id}>
        {t('labour.upload')}
      </UploadButton>
      <UploadNote field={field} hint={t(card ? 'labour.cardPhotoTypes' : 'labour.uploadTypes')} />
    </Flex>
  );
}
