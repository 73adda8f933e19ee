import type { ReactNode } from 'react';
import { Button, Popconfirm } from 'antd';
import { useTranslation } from 'react-i18next';

/**
 * A table row's delete action: a small danger link that asks before it deletes. `onConfirm`'s answer
 * is handed to the Popconfirm, so a promise keeps its OK button loading until the delete settles.
 */
export function RowDeleteButton({ onConfirm, label }: { onConfirm: () => unknown; label?: ReactNode }) {
  const { t } = useTranslation();
  return (
    <Popconfirm
      title={t('common.deleteConfirm')}
      okText={t('common.ok')}
      cancelText={t('common.cancel')}
      onConfirm={onConfirm}
    >
      <Button type="link" size="small" danger>
        {label ?? t('common.delete')}
      </Button>
    </Popconfirm>
  );
}
