import { IMAGE_MIMES, type FileKind } from '@siteops/contracts/file/schemas';
import { fileApi } from '@siteops/contracts/file/api';
import { upload } from '@/api/endpoint';
import { PhotoField } from '@/components/upload/PhotoField';
import type { ImageFieldProps } from '@/components/upload/useImageUpload';

export interface ImageUploadProps extends ImageFieldProps {
  kind: FileKind;
  /** What the image is: its alt text, and the chooser is named after it. */
  label: string;
}

/**
 * One image field of the user form: picks a file, uploads it (the server
 * checks the content and the size again) and holds the answered id as the field's value.
 */
export function ImageUpload({ kind, label, ...field }: ImageUploadProps) {
  return (
    <PhotoField
      {...field}
      messages="users"
      mimes={IMAGE_MIMES}
      send={(form) => upload(fileApi.upload, form, { input: { kind } })}
      alt={label}
      oneOfSeveral
      testId={`upload-${kind}`}
      wrap={false}
    />
  );
}
