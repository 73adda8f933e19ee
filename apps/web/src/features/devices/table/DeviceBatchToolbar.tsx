import type { ReactNode } from 'react';
import { Button, Popconfirm } from 'antd';
import {
  ApartmentOutlined,
  CheckCircleOutlined,
  DownloadOutlined,
  StopOutlined,
  TeamOutlined,
  UploadOutlined,
} from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { afterReport } from '@/api/reported';

interface Props {
  /** How many rows are selected (the batch buttons need at least one). */
  count: number;
  isAdmin: boolean;
  exporting: boolean;
  onSetAuth: (authStatus: 'authorize' | 'forbidden') => Promise<void>;
  onDivide: (kind: 'agent' | 'project') => void;
  onImport: () => void;
  onExport: () => void;
}

/** The device table's toolbar: batch authorise/forbid, divide to an agent (admin) or a project, import, export. */
export function DeviceBatchToolbar({ count, isAdmin, exporting, onSetAuth, onDivide, onImport, onExport }: Props) {
  const { t } = useTranslation();
  const none = count === 0;
  const confirm = (authStatus: 'authorize' | 'forbidden', key: 'authorize' | 'forbid', icon: ReactNode) => (
    <Popconfirm
      title={t(`devices.batch.${key}Confirm`, { n: count })}
      okText={t('common.ok')}
      cancelText={t('common.cancel')}
      disabled={none}
      onConfirm={() => afterReport(onSetAuth(authStatus))}
    >
      <Button icon={icon} disabled={none}>
        {t(`devices.batch.${key}`)}
      </Button>
    </Popconfirm>
  );
  return (
    <>
      {confirm('authorize', 'authorize', <CheckCircleOutlined />)}
      {confirm('forbidden', 'forbid', <StopOutlined />)}
      {isAdmin && (
        <Button icon={<TeamOutlined />} disabled={none} onClick={() => onDivide('agent')}>
          {t('devices.batch.divideAgent')}
        </Button>
      )}
      <Button icon={<ApartmentOutlined />} disabled={none} onClick={() => onDivide('project')}>
        {t('devices.batch.divideProject')}
      </Button>
      <Button icon={<UploadOutlined />} onClick={onImport}>
        {t('devices.import.open')}
      </Button>
      <Button icon={<DownloadOutlined />} loading={exporting} onClick={onExport}>
        {t('devices.export')}
      </Button>
    </>
  );
}
