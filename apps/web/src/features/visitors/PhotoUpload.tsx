import { useTranslation } from 'react-i18next';
import { visitorApi } from '@siteops/contracts/visitor/api';
import { upload } from '@/api/endpoint';
import { PhotoField } from '@/components/upload/PhotoField';
import type { ImageFieldProps } from '@/components/upload/useImageUpload';

/**
 * The visitor's face photo: picks a JPEG or PNG, uploads it to postAvatar (the server checks the
 * content and the size in pixels again: a wrong type, too small or too large is its toast) and holds the
 * answered id as the field's value.
 */
export function PhotoUpload(field: ImageFieldProps) {
  const { t } = useTranslation();
  return (
    <PhotoField
      {...field}
      messages="visitors"
      send={(form) => upload(visitorApi.postAvatar, form)}
      alt={t('visitors.avatar')}
    />
  );
}
