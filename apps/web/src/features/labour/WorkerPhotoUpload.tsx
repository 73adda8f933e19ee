import { useTranslation } from 'react-i18next';
import { PhotoField } from '@/components/upload/PhotoField';
import type { ImageFieldProps } from '@/components/upload/useImageUpload';
import { postPhoto } from './api/postPhoto';

/**
 * The worker's face photo, which the project's face terminals enrol (or, `card`, a photo of a certificate
 * card, checked the same way): a JPEG or PNG, uploaded to
 * postPhoto (the server checks content and size again; its refusal is its toast); the answered id is the
 * field's value.
 */
export function WorkerPhotoUpload({
  card = false,
  ...field
}: ImageFieldProps & {
  /** A photo of a certificate card (same checks), not a face. */
  card?: boolean;
}) {
  const { t } = useTranslation();
  return (
    <PhotoField
      {...field}
      messages="labour"
      send={postPhoto}
      alt={t(card ? 'labour.cardPhoto' : 'labour.photo')}
      hint={t(card ? 'labour.cardPhotoTypes' : 'labour.uploadTypes')}
    />
  );
}
