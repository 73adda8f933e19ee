import { DeleteOutlined } from '@ant-design/icons';
import { Button, Popconfirm } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

/**
 * A list toolbar's "batch delete": disabled with nothing selected, asks before it deletes. `onConfirm`'s
 * answer is handed to the Popconfirm: a promise keeps its OK button loading until the delete settles.
 */
export function BatchDeleteButton({
  count,
  onConfirm,
  label,
  title,
  icon = <DeleteOutlined />,
}: {
  count: number;
  onConfirm: () => unknown;
  /** The button's words (default "Batch delete"), the question it asks (default "Are you sure to delete?"), its icon. */
  label?: ReactNode;
  title?: ReactNode;
  icon?: ReactNode;
}) {
  const { t } = useTranslation();
  return (
    <Popconfirm
      title={title ?? t('common.deleteConfirm')}
      okText={t('common.ok')}
      cancelText={t('common.cancel')}
      disabled={count === 0}
      onConfirm={onConfirm}
    >
      <Button danger icon={icon} disabled={count === 0}>
        {label ?? t('common.batchDelete')}
      </Button>
    </Popconfirm>
  );
}
