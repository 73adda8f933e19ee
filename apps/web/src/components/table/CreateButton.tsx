import type { ReactNode } from 'react';
import { Button } from 'antd';
import { PlusOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';

/** A list toolbar's first button: opens the page's create form. */
export function CreateButton({ onClick, children }: { onClick: () => void; children?: ReactNode }) {
  const { t } = useTranslation();
  return (
    <Button type="primary" icon={<PlusOutlined />} onClick={onClick}>
      {children ?? t('common.create')}
    </Button>
  );
}
