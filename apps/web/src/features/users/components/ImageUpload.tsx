import { Flex } from 'antd';
import { useTranslation } from 'react-i18next';
import { IMAGE_MIMES, type FileKind } from '@siteops/contracts/file/schemas';
import { fileApi } from '@siteops/contracts/file/api';
import { upload } from '@/api/endpoint';
import { UploadButton, UploadNote, UploadThumb } from '@/components/upload/UploadButton';
import { useImageUpload, type ImageFieldProps } from '@/components/upload/useImageUpload';

export interface ImageUploadProps extends ImageFieldProps {
  kind: FileKind;
  /** Accessible name of the file chooser. */
  label: string;
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
    value,
    initialUrl,
    onChange,
  });

  return (
    <Flex align="center" gap={12} data-testid={`upload-${kind}`}>
      <UploadThumb field={field} alt={label} />
      <UploadButton field={field} id={id} ariaLabel={`${t('users.upload')} ${label}`}>
        {t('users.upload')}
      </UploadButton>
      <UploadNote field={field} hint={t('users.uploadTypes')} />
    </Flex>
  );
}
