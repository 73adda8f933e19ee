import { DeleteOutlined } from '@ant-design/icons';
import { Button, Popconfirm } from 'antd';
import { useTranslation } from 'react-i18next';

/** A list toolbar's "batch delete": disabled with nothing selected, asks before it deletes. */
export function BatchDeleteButton({ count, onConfirm }: { count: number; onConfirm: () => unknown }) {
  const { t } = useTranslation();
  return (
    <Popconfirm
      title={t('common.deleteConfirm')}
      okText={t('common.ok')}
      cancelText={t('common.cancel')}
      disabled={count === 0}
      onConfirm={() => void onConfirm()}
    >
      <Button danger icon={<DeleteOutlined />} disabled={count === 0}>
        {t('common.batchDelete')}
      </Button>
    </Popconfirm>
  );
}
