import type { ReactNode } from 'react';
import { Form, Input } from 'antd';
import type { FormItemProps } from 'antd';

/** A wall-clock time of day, HH:MM from 00:00 to 23:59. */
export const TIME_OF_DAY = /^([01]\d|2[0-3]):[0-5]\d$/;

/**
 * A required time of day typed as HH:MM (an alarm rule's window, my quiet hours); `rules` adds checks
 * against the other fields it names in `dependencies`.
 */
export function TimeOfDayField({
  name,
  label,
  invalid,
  placeholder = '22:00',
  dependencies,
  rules = [],
}: {
  name: string;
  label: ReactNode;
  /** The message for an empty field or one that is not HH:MM. */
  invalid: string;
  placeholder?: string;
  dependencies?: FormItemProps['dependencies'];
  rules?: FormItemProps['rules'];
}) {
  return (
    <Form.Item
      name={name}
      label={label}
      dependencies={dependencies}
      rules={[{ required: true, pattern: TIME_OF_DAY, message: invalid }, ...rules]}
    >
      <Input placeholder={placeholder} maxLength={5} style={{ width: 100 }} />
    </Form.Item>
  );
}
