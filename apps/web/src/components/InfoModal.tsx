import type { ReactNode } from 'react';
import { Modal } from 'antd';

/**
 * A read-only modal about one record: open while there is a `subject`, titled and filled from it, with
 * no footer (closing it is all there is to do).
 */
export function InfoModal<S>({
  subject,
  title,
  onClose,
  width,
  children,
}: {
  subject: S | null;
  title: (subject: S) => ReactNode;
  onClose: () => void;
  width?: number;
  /** The record's fields. */
  children: (subject: S) => ReactNode;
}) {
  return (
    <Modal
      open={subject !== null}
      title={subject !== null ? title(subject) : ''}
      footer={null}
      onCancel={onClose}
      width={width}
      destroyOnHidden
    >
      {subject !== null && children(subject)}
    </Modal>
  );
}
