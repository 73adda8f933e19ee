import { Avatar, Flex } from 'antd';
import { UserOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { IMAGE_MIMES } from '@siteops/contracts/file/schemas';
import { fileApi } from '@siteops/contracts/file/api';
import { upload } from '@/api/endpoint';
import { UploadButton, UploadNote } from './UploadButton';
import { useImageUpload, type ImageFieldProps } from './useImageUpload';

/** An avatar form field ("edit info", the settings' basic info): uploads the image and holds the file id. */
export function AvatarUpload({ value, onChange, initialUrl, id }: ImageFieldProps) {
  const { t } = useTranslation();
  const field = useImageUpload({
    mimes: IMAGE_MIMES,
    send: (form) => upload(fileApi.upload, form, { input: { kind: 'avatar' } }),
    wrongType: () => t('avatarUpload.wrongType'),
    tooLarge: (size) => t('avatarUpload.tooLarge', { size }),
    value,
    initialUrl,
    onChange,
  });

  return (
    <Flex align="center" gap={12}>
      <Avatar size={48} src={field.shown ?? undefined} icon={<UserOutlined />} alt="" />
      <UploadButton field={field} id={id}>
        {t('avatarUpload.upload')}
      </UploadButton>
      <UploadNote field={field} />
    </Flex>
  );
}
