import { Flex } from 'antd';
import { useTranslation } from 'react-i18next';
import { UploadButton, UploadNote, UploadThumb } from './UploadButton';
import { useImageUpload, type ImageFieldProps, type ImageUploadOptions } from './useImageUpload';

/** A face photo's types: what the face terminals enrol. */
const FACE_PHOTO_MIMES = ['image/jpeg', 'image/png'];

interface PhotoFieldProps extends ImageFieldProps, Pick<ImageUploadOptions, 'send'> {
  /** The MIME types the field takes; default a face photo's, JPEG or PNG. */
  mimes?: ImageUploadOptions['mimes'];
  /** The feature's message group: `<messages>.upload`, `.uploadTypes`, `.uploadWrongType`, `.uploadTooLarge`. */
  messages: 'labour' | 'users' | 'visitors';
  /** What the picture shows (its alt text). */
  alt: string;
  /** The note under the button; default `<messages>.uploadTypes`. */
  hint?: string;
  /** The form has several images: the chooser is named after its own (`<messages>.upload` and `alt`). */
  oneOfSeveral?: boolean;
  testId?: string;
  wrap?: boolean;
}

/**
 * An image form field with its thumbnail: picks a file, uploads it (the server checks the content and the
 * size again) and holds the answered id as the field's value.
 */
export function PhotoField({
  messages,
  mimes = FACE_PHOTO_MIMES,
  send,
  alt,
  hint,
  oneOfSeveral = false,
  testId,
  wrap = true,
  ...value
}: PhotoFieldProps) {
  const { t } = useTranslation();
  const upload = t(`${messages}.upload`);
  const field = useImageUpload({
    ...value,
    mimes,
    send,
    wrongType: () => t(`${messages}.uploadWrongType`),
    tooLarge: (size) => t(`${messages}.uploadTooLarge`, { size }),
  });
  return (
    <Flex align="center" gap={12} wrap={wrap} data-testid={testId}>
      <UploadThumb field={field} alt={alt} />
      <UploadButton field={field} id={value.id} ariaLabel={oneOfSeveral ? `${upload} ${alt}` : undefined}>
        {upload}
      </UploadButton>
      <UploadNote field={field} hint={hint ?? t(`${messages}.uploadTypes`)} />
    </Flex>
  );
}
