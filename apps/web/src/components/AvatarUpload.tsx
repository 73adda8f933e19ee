import { useState } from 'react';
import { Avatar, Button, Flex, Upload } from 'antd';
import { UploadOutlined, UserOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { IMAGE_MIMES, UPLOAD_MAX_BYTES_DEFAULT } from '@siteops/contracts/file';
import { fileApi } from '@siteops/contracts/api/file';
import { upload } from '@/api/endpoint';
import { afterReport } from '@/api/reported';

interface AvatarUploadProps {
  value?: string | null;
  onChange?: (id: string | null) => void;
  initialUrl?: string | null;
  id?: string;
}

/** An avatar form field ("edit info", the settings' basic info): uploads the image and holds the file id. */
export function AvatarUpload({ value, onChange, initialUrl, id }: AvatarUploadProps) {
  const { t } = useTranslation();
  const [url, setUrl] = useState<string | null>(initialUrl ?? null);
  const [uploading, setUploading] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);

  const choose = async (file: File) => {
    setProblem(null);
    if (!(IMAGE_MIMES as readonly string[]).includes(file.type)) {
      setProblem(t('avatarUpload.wrongType'));
      return;
    }
    if (file.size > UPLOAD_MAX_BYTES_DEFAULT) {
      setProblem(t('avatarUpload.tooLarge', { size: UPLOAD_MAX_BYTES_DEFAULT / 1024 / 1024 }));
      return;
    }
    setUploading(true);
    const form = new FormData();
    form.append('file', file, file.name);
    const uploaded = await afterReport(upload(fileApi.upload, form, { input: { kind: 'avatar' } }));
    setUploading(false);
    if (!uploaded) return;
    setUrl(uploaded.url);
    onChange?.(uploaded.id);
  };

  return (
    <Flex align="center" gap={12}>
      <Avatar size={48} src={value ? (url ?? undefined) : undefined} icon={<UserOutlined />} alt="" />
      <Upload
        accept={IMAGE_MIMES.join(',')}
        showUploadList={false}
        beforeUpload={(file) => {
          void choose(file);
          return Upload.LIST_IGNORE;
        }}
      >
        <Button id={id} icon={<UploadOutlined />} loading={uploading}>
          {t('avatarUpload.upload')}
        </Button>
      </Upload>
      {problem && <span style={{ color: 'var(--ant-color-error)' }}>{problem}</span>}
    </Flex>
  );
}
