import { Button, Popconfirm, Space } from 'antd';
import { useTranslation } from 'react-i18next';
import type { DeviceItem } from '@siteops/contracts/device';
import { afterReport } from '../../../api/reported';
import { DeviceLinkActions } from '../link/DeviceLinkActions';

interface Props {
  row: DeviceItem;
  isAdmin: boolean;
  onView: () => void;
  onEdit: () => void;
  onSetAuth: (authStatus: 'authorize' | 'forbidden') => Promise<void>;
  onRemove: () => Promise<void>;
}

/**
 * One device row's actions: view, edit, authorise or forbid, delete (admin) and the remote buttons.
 * A failed write was already reported by the client; afterReport only ends the click's promise.
 */
export function DeviceRowActions({ row, isAdmin, onView, onEdit, onSetAuth, onRemove }: Props) {
  const { t } = useTranslation();
  return (
    <Space size={0} wrap>
      <Button type="link" size="small" onClick={onView}>
        {t('devices.view')}
      </Button>
      <Button type="link" size="small" onClick={onEdit}>
        {t('common.edit')}
      </Button>
      {row.authStatus === 'authorize' ? (
        <Popconfirm
          title={t('devices.forbidConfirm')}
          okText={t('common.ok')}
          cancelText={t('common.cancel')}
          onConfirm={() => afterReport(onSetAuth('forbidden'))}
        >
          <Button type="link" size="small" danger>
            {t('devices.forbid')}
          </Button>
        </Popconfirm>
      ) : (
        <Button type="link" size="small" onClick={() => void afterReport(onSetAuth('authorize'))}>
          {t('devices.authorize')}
        </Button>
      )}
      {isAdmin && (
        <Popconfirm
          title={t('common.deleteConfirm')}
          okText={t('common.ok')}
          cancelText={t('common.cancel')}
          onConfirm={() => afterReport(onRemove())}
        >
          <Button type="link" size="small" danger>
            {t('common.delete')}
          </Button>
        </Popconfirm>
      )}
      <DeviceLinkActions device={row} />
    </Space>
  );
}
