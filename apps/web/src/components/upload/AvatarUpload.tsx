import { Avatar, Button, Flex, Upload } from 'antd';
import { UploadOutlined, UserOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { IMAGE_MIMES } from '@siteops/contracts/file';
import { fileApi } from '@siteops/contracts/api/file';
import { upload } from '@/api/endpoint';
import { useImageUpload } from './useImageUpload';

interface AvatarUploadProps {
  value?: string | null;
  onChange?: (id: string | null) => void;
  initialUrl?: string | null;
  id?: string;
}

/** An avatar form field ("edit info", the settings' basic info): uploads the image and holds the file id. */
export function AvatarUpload({ value, onChange, initialUrl, id }: AvatarUploadProps) {
  const { t } = useTranslation();
  const field = useImageUpload({
    mimes: IMAGE_MIMES,
    send: (form) => upload(fileApi.upload, form, { input: { kind: 'avatar' } }),
    wrongType: () => t('avatarUpload.wrongType'),
    tooLarge: (size) => t('avatarUpload.tooLarge', { size }),
    initialUrl,
    onChange,
  });

  return (
    <Flex align="center" gap={12}>
      <Avatar size={48} src={value ? (field.url ?? undefined) : undefined} icon={<UserOutlined />} alt="" />
      <Upload accept={field.accept} showUploadList={false} beforeUpload={field.beforeUpload}>
        <Button id={id} icon={<UploadOutlined />} loading={field.uploading}>
          {t('avatarUpload.upload')}
        </Button>
      </Upload>
      {field.problem && <span style={{ color: 'var(--ant-color-error)' }}>{field.problem}</span>}
    </Flex>
  );
}
