import type { ReactNode } from 'react';
import { Button } from 'antd';
import { useTranslation } from 'react-i18next';
import { LazyPopconfirm } from '@/components/intent/LazyPopconfirm';

/**
 * A table row's delete action: a small danger link that asks before it deletes. `onConfirm`'s answer
 * is handed to the Popconfirm, so a promise keeps its OK button loading until the delete settles. In a
 * row (RowActions) the Popconfirm mounts on the row's first hover or focus.
 */
export function RowDeleteButton({
  onConfirm,
  label,
  title,
}: {
  onConfirm: () => unknown;
  /** The link's words (default "Delete") and the question it asks (default "Are you sure to delete?"). */
  label?: ReactNode;
  title?: ReactNode;
}) {
  const { t } = useTranslation();
  return (
    <LazyPopconfirm
      title={title ?? t('common.deleteConfirm')}
      okText={t('common.ok')}
      cancelText={t('common.cancel')}
      onConfirm={onConfirm}
    >
      <Button type="link" size="small" danger>
        {label ?? t('common.delete')}
      </Button>
    </LazyPopconfirm>
  );
}
