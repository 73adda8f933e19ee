import type { ReactNode } from 'react';
import { Button, Drawer, Space } from 'antd';
import { useTranslation } from 'react-i18next';
import { afterReport } from '@/api/reported';

interface FormDrawerProps {
  open: boolean;
  title: ReactNode;
  /** Width in pixels. */
  size: number;
  onClose: () => void;
  /** Validates and saves the form (the caller closes the drawer on success). */
  onSave: () => Promise<unknown>;
  /** The save button spins while true. */
  saving: boolean;
  /** The save button's text; "Save" unless the drawer does something else (e.g. publish). */
  saveLabel?: ReactNode;
  /**
   * A long form: only Cancel closes it, since Escape (which also closes pickers) or a stray click
   * outside must not throw the input away.
   */
  closeByButtonOnly?: boolean;
  children: ReactNode;
}

/** A side drawer holding a form, with Cancel and Save at its top right. */
export function FormDrawer({
  open,
  title,
  size,
  onClose,
  onSave,
  saving,
  saveLabel,
  closeByButtonOnly = false,
  children,
}: FormDrawerProps) {
  const { t } = useTranslation();
  return (
    <Drawer
      open={open}
      title={title}
      size={size}
      onClose={onClose}
      keyboard={!closeByButtonOnly}
      maskClosable={!closeByButtonOnly}
      destroyOnHidden
      extra={
        <Space>
          <Button onClick={onClose}>{t('common.cancel')}</Button>
          <Button type="primary" loading={saving} onClick={() => void afterReport(onSave())}>
            {saveLabel ?? t('common.save')}
          </Button>
        </Space>
      }
    >
      {children}
    </Drawer>
  );
}
