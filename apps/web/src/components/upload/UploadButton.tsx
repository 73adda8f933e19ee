import type { ReactNode } from 'react';
import { Button, Image, Upload } from 'antd';
import { UploadOutlined } from '@ant-design/icons';
import type { useImageUpload } from './useImageUpload';

type ImageField = ReturnType<typeof useImageUpload>;

/** An image field's picker (useImageUpload): opens the file chooser, loading while the file uploads. */
export function UploadButton({
  field,
  id,
  ariaLabel,
  children,
}: {
  field: ImageField;
  id?: string;
  ariaLabel?: string;
  children: ReactNode;
}) {
  return (
    <Upload accept={field.accept} showUploadList={false} beforeUpload={field.beforeUpload}>
      <Button id={id} icon={<UploadOutlined />} loading={field.uploading} aria-label={ariaLabel}>
        {children}
      </Button>
    </Upload>
  );
}

/** The line beside an image field's picker: its problem (a wrong type, too large) or else `hint`. */
export function UploadNote({ field, hint }: { field: ImageField; hint?: string }) {
  if (!field.problem && !hint) return null;
  return (
    <span style={{ color: field.problem ? 'var(--ant-color-error)' : 'var(--ant-color-text-tertiary)' }}>
      {field.problem ?? hint}
    </span>
  );
}

/** The image an image field holds, small beside its picker; nothing while it holds none. */
export function UploadThumb({ field, alt }: { field: ImageField; alt: string }) {
  if (!field.shown) return null;
  return <Image src={field.shown} width={56} height={56} style={{ objectFit: 'cover', borderRadius: 4 }} alt={alt} />;
}
