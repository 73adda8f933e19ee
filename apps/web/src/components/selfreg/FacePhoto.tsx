import { useEffect, useRef, useState } from 'react';
import { Button, Flex, Typography } from 'antd';
import { CameraOutlined, PictureOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import type { visitorApi } from '@siteops/contracts/visitor/api';
import type { labourApi } from '@siteops/contracts/labour/api';
import { upload } from '@/api/endpoint';

/** A phone photo larger than this, or not a JPEG/PNG (HEIC), is redrawn as a JPEG before it goes up. */
const SEND_AS_IS_BYTES = 1_500_000;
const MAX_SIDE_PX = 1600;

/**
 * Camera photos are often several megabytes, or HEIC: redraw them as a JPEG of at most MAX_SIDE_PX a
 * side. A file the browser cannot decode goes up as it is, and the server says what is wrong with it.
 */
async function shrunk(file: File): Promise<Blob> {
  if (['image/jpeg', 'image/png'].includes(file.type) && file.size <= SEND_AS_IS_BYTES) return file;
  let bitmap: ImageBitmap;
  try {
    bitmap = await createImageBitmap(file);
  } catch {
    return file;
  }
  const scale = Math.min(1, MAX_SIDE_PX / Math.max(bitmap.width, bitmap.height));
  const canvas = document.createElement('canvas');
  canvas.width = Math.round(bitmap.width * scale);
  canvas.height = Math.round(bitmap.height * scale);
  canvas.getContext('2d')?.drawImage(bitmap, 0, 0, canvas.width, canvas.height);
  bitmap.close();
  const blob = await new Promise<Blob | null>((resolve) => canvas.toBlob(resolve, 'image/jpeg', 0.85));
  return blob ?? file;
}

export interface FacePhotoProps {
  token: string;
  /** The link's public photo upload: a visitor's or a worker's self-registration. */
  endpoint: typeof visitorApi.selfRegPhoto | typeof labourApi.selfRegPhoto;
  value?: string | null;
  onChange?: (id: string | null) => void;
  id?: string;
}

/**
 * A self-registering visitor's or worker's face: from the front camera (capture="user") or the album, uploaded through the link's
 * token at once; the field's value is the stored photo's id. The server's reason (not an image, too
 * large, too small) shows under the buttons. Its words (`selfReg.takePhoto`…) come with the page's own
 * messages (each standalone page's bundle has them).
 */
export function FacePhoto({ token, endpoint, value, onChange, id }: FacePhotoProps) {
  const { t } = useTranslation();
  const camera = useRef<HTMLInputElement>(null);
  const album = useRef<HTMLInputElement>(null);
  const [preview, setPreview] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);

  useEffect(() => () => void (preview && URL.revokeObjectURL(preview)), [preview]);

  const choose = async (file: File | undefined) => {
    if (!file) return;
    setProblem(null);
    setBusy(true);
    try {
      const blob = await shrunk(file);
      const form = new FormData();
      form.append('file', blob, blob === file ? file.name : 'face.jpg');
      const stored = await upload(endpoint, form, { input: { token }, silent: true });
      setPreview(URL.createObjectURL(blob));
      onChange?.(stored.id);
    } catch (error) {
      setPreview(null);
      onChange?.(null);
      setProblem(error instanceof Error ? error.message : String(error));
    } finally {
      setBusy(false);
    }
  };

  const input = (ref: typeof camera, capture: boolean, testId: string) => (
    <input
      ref={ref}
      type="file"
      accept="image/*"
      {...(capture && { capture: 'user' })}
      style={{ display: 'none' }}
      data-testid={testId}
      onChange={(e) => {
        void choose(e.target.files?.[0]);
        e.target.value = ''; // the same photo chosen again still counts as a choice
      }}
    />
  );

  return (
    <Flex vertical gap={8}>
      {value && preview ? (
        <img
          src={preview}
          alt={t('selfReg.photoAlt')}
          style={{ width: 120, height: 150, objectFit: 'cover', borderRadius: 8 }}
        />
      ) : null}
      <Flex gap={8} wrap>
        <Button id={id} icon={<CameraOutlined />} loading={busy} onClick={() => camera.current?.click()}>
          {t('selfReg.takePhoto')}
        </Button>
        <Button icon={<PictureOutlined />} disabled={busy} onClick={() => album.current?.click()}>
          {t('selfReg.choosePhoto')}
        </Button>
      </Flex>
      {input(camera, true, 'photo-camera')}
      {input(album, false, 'photo-album')}
      <Typography.Text type={problem ? 'danger' : 'secondary'} role={problem ? 'alert' : undefined}>
        {busy ? t('selfReg.photoUploading') : (problem ?? t('selfReg.photoHint'))}
      </Typography.Text>
    </Flex>
  );
}
