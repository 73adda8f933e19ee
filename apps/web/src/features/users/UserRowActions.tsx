import { Button } from 'antd';
import { useTranslation } from 'react-i18next';
import type { UserListItem } from '@siteops/contracts/user/list';
import { afterReport } from '@/api/reported';
import { LazyPopconfirm } from '@/components/intent/LazyPopconfirm';
import { RowActions, RowAction } from '@/components/table/rowActions';

interface Props {
  row: UserListItem;
  /** The caller's own row: no disable, reset or delete of oneself. */
  self: boolean;
  isAdmin: boolean;
  onEdit: () => void;
  onSetEnabled: (enabled: 'enable' | 'disable') => Promise<void>;
  onResetPassword: () => Promise<void>;
  onRemove: () => Promise<void>;
}

/**
 * A user row's actions; a failed write was already reported by the client, afterReport ends the click.
 * The confirmations mount on the row's first hover or focus (RowActions), not with every row.
 */
export function UserRowActions({ row, self, isAdmin, onEdit, onSetEnabled, onResetPassword, onRemove }: Props) {
  const { t } = useTranslation();
  const confirm = (key: string, title: string, run: () => Promise<void>, danger = true) => (
    <LazyPopconfirm
      key={key}
      title={title}
      okText={t('common.ok')}
      cancelText={t('common.cancel')}
      onConfirm={() => afterReport(run())}
    >
      <Button type="link" size="small" danger={danger}>
        {key === 'delete' ? t('common.delete') : t(`users.${key}`)}
      </Button>
    </LazyPopconfirm>
  );
  return (
    <RowActions wrap={false}>
      <RowAction onClick={onEdit}>{t('common.edit')}</RowAction>
      {row.enabled !== 'enable' && (
        <RowAction onClick={() => void afterReport(onSetEnabled('enable'))}>{t('users.enable')}</RowAction>
      )}
      {row.enabled !== 'disable' &&
        !self &&
        confirm('disable', t('users.disableConfirm'), () => onSetEnabled('disable'))}
      {isAdmin && !self && confirm('resetPassword', t('users.resetConfirm'), onResetPassword, false)}
      {!self && confirm('delete', t('common.deleteConfirm'), onRemove)}
    </RowActions>
  );
}
