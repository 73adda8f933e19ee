import type { ReactNode } from 'react';
import { Button } from 'antd';
import { useTranslation } from 'react-i18next';
import { LazyPopconfirm } from '@/components/intent/LazyPopconfirm';

/**
 * A table row's action that cannot be undone (delete, withdraw): a small danger link that asks `title`
 * first. `onConfirm`'s answer is handed to the Popconfirm, so a promise keeps its OK button loading until
 * the action settles. In a row (RowActions) the Popconfirm mounts on the row's first hover or focus.
 */
export function RowDangerAction({
  title,
  onConfirm,
  children,
}: {
  title: ReactNode;
  onConfirm: () => unknown;
  children: ReactNode;
}) {
  const { t } = useTranslation();
  return (
    <LazyPopconfirm title={title} okText={t('common.ok')} cancelText={t('common.cancel')} onConfirm={onConfirm}>
      <Button type="link" size="small" danger>
        {children}
      </Button>
    </LazyPopconfirm>
  );
}

/** A table row's delete action (a RowDangerAction with the console's words for a delete). */
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
    <RowDangerAction title={title ?? t('common.deleteConfirm')} onConfirm={onConfirm}>
      {label ?? t('common.delete')}
    </RowDangerAction>
  );
}
