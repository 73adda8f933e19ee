import { Button, Modal, Table, Tag, Typography, type TableColumnsType } from 'antd';
import { useTranslation } from 'react-i18next';
import type { SavedViewItem } from '@siteops/contracts/saved-view/schemas';
import { afterReport } from '@/api/reported';
import { RowAction, RowActions } from '@/components/table/rowActions';
import { RowDeleteButton } from '@/components/table/RowDeleteButton';
import { message } from '@/lib/feedback';
import { useUserStore } from '@/stores/user';
import { useDeleteSavedViews } from './api/deleteSavedViews';
import { copyViewLink, useSharingLabel } from './viewActions';

/**
 * The list's saved views in a dialog: apply any, copy its link; rename, re-share or delete one's own (an
 * admin may delete any), a delete asking first.
 */
export function ManageViewsModal({
  views,
  current,
  filters,
  onApply,
  onEdit,
  onClose,
}: {
  views: readonly SavedViewItem[];
  current: SavedViewItem | undefined;
  filters: readonly string[];
  onApply: (view: SavedViewItem) => void;
  onEdit: (view: SavedViewItem) => void;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const admin = useUserStore((s) => s.role === 'admin');
  const sharingLabel = useSharingLabel();
  const remove = useDeleteSavedViews();

  const removeView = async (view: SavedViewItem) => {
    await remove.mutateAsync({ ids: [view.id] });
    message().success(t('common.deleteSuccess'));
  };

  const columns: TableColumnsType<SavedViewItem> = [
    {
      key: 'name',
      title: t('savedViews.form.name'),
      render: (_, view) => (
        <>
          <Typography.Text strong={view === current}>{view.name}</Typography.Text>{' '}
          {view === current && <Tag color="blue">{t('savedViews.active')}</Tag>}
          {sharingLabel(view) && <Tag>{sharingLabel(view)}</Tag>}
          {!view.mine && (
            <Typography.Text type="secondary">
              {t('savedViews.sharedBy', { owner: view.ownerName ?? '' })}
            </Typography.Text>
          )}
        </>
      ),
    },
    {
      key: 'actions',
      title: t('common.actions'),
      render: (_, view) => (
        <RowActions>
          <RowAction onClick={() => onApply(view)}>{t('savedViews.apply')}</RowAction>
          <RowAction onClick={() => void copyViewLink(view, filters, t)}>{t('savedViews.copy')}</RowAction>
          {view.mine && <RowAction onClick={() => onEdit(view)}>{t('savedViews.rename')}</RowAction>}
          {(view.mine || admin) && (
            <RowDeleteButton
              title={t('savedViews.deleteConfirm', { name: view.name })}
              onConfirm={() => afterReport(removeView(view))}
            />
          )}
        </RowActions>
      ),
    },
  ];

  return (
    <Modal
      open
      title={t('savedViews.manageTitle')}
      onCancel={onClose}
      footer={<Button onClick={onClose}>{t('savedViews.close')}</Button>}
      width={640}
      destroyOnHidden
    >
      <Table<SavedViewItem>
        rowKey="id"
        size="small"
        columns={columns}
        dataSource={views as SavedViewItem[]}
        pagination={false}
        locale={{ emptyText: t('savedViews.empty') }}
      />
    </Modal>
  );
}
