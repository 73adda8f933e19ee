import type { ReactNode } from 'react';
import { Form, Input } from 'antd';

/** An optional remark: a few lines of free text, counted up to `max` characters (the server's limit). */
export function RemarkField({
  name,
  label,
  max,
  tooLong,
  maxRows = 6,
}: {
  name: string;
  label: ReactNode;
  max: number;
  /** The message for text over `max` (pasted text can be). */
  tooLong: string;
  /** How tall the box may grow before it scrolls. */
  maxRows?: number;
}) {
  return (
    <Form.Item name={name} label={label} rules={[{ max, message: tooLong }]}>
      <Input.TextArea showCount maxLength={max} autoSize={{ minRows: 2, maxRows }} />
    </Form.Item>
  );
}
