import { Button } from 'antd';
import { DownOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import type { DeviceItem } from '@siteops/contracts/device/schemas';
import { afterReport } from '@/api/reported';
import { LazyPopconfirm } from '@/components/intent/LazyPopconfirm';
import { LazyPopup } from '@/components/intent/LazyPopup';
import { RowActions, RowAction } from '@/components/table/rowActions';
import { useUserStore } from '@/stores/user';
import { DeviceMoreMenu } from './DeviceMoreMenu';
import type { DeviceRowMenus } from './rowMenus';

interface Props {
  row: DeviceItem;
  isAdmin: boolean;
  onView: () => void;
  onEdit: () => void;
  onSetAuth: (authStatus: 'authorize' | 'forbidden') => Promise<void>;
  onRemove: () => Promise<void>;
  /** What other features add to the "more" menu (the app's composition). */
  rowMenus: DeviceRowMenus;
}

/**
 * One device row's actions: view, edit and authorise/forbid in sight; a face terminal's face library,
 * the remote commands and delete (admin) under "more", so the column stays narrow and the status columns are visible at 1440 px.
 * The forbid confirmation and the "more" menu mount on the row's first hover or focus (RowActions).
 * A failed write was already reported by the client; afterReport only ends the click's promise.
 */
export function DeviceRowActions({ row, isAdmin, onView, onEdit, onSetAuth, onRemove, rowMenus }: Props) {
  const { t } = useTranslation();
  // The menu's items, known without mounting it: what other features add (the remote commands, a face
  // terminal's face library), delete (admin); see DeviceMoreMenu.
  const role = useUserStore((s) => s.role);
  const hasMore = isAdmin || rowMenus.hasItems(row, role);
  return (
    <RowActions wrap={false}>
      <RowAction onClick={onView}>{t('devices.view')}</RowAction>
      <RowAction onClick={onEdit}>{t('common.edit')}</RowAction>
      {row.authStatus === 'authorize' ? (
        <LazyPopconfirm
          title={t('devices.forbidConfirm')}
          okText={t('common.ok')}
          cancelText={t('common.cancel')}
          onConfirm={() => afterReport(onSetAuth('forbidden'))}
        >
          <Button type="link" size="small" danger>
            {t('devices.forbid')}
          </Button>
        </LazyPopconfirm>
      ) : (
        <RowAction onClick={() => void afterReport(onSetAuth('authorize'))}>{t('devices.authorize')}</RowAction>
      )}
      {hasMore && (
        <LazyPopup
          render={(trigger, open, setOpen) => (
            <DeviceMoreMenu
              row={row}
              isAdmin={isAdmin}
              onRemove={onRemove}
              open={open}
              setOpen={setOpen}
              rowMenus={rowMenus}
            >
              {trigger}
            </DeviceMoreMenu>
          )}
        >
          <Button type="link" size="small">
            {/* antd's Dropdown draws its trigger's arrow at fontSizeIcon; the same before it mounts. */}
            {t('common.more')} <DownOutlined style={{ fontSize: 12 }} />
          </Button>
        </LazyPopup>
      )}
    </RowActions>
  );
}
