import type { ReactNode } from 'react';
import { Form, Input } from 'antd';

/** An optional line of text, at most `maxLength` characters. */
export function TextField({ name, label, maxLength }: { name: string; label: ReactNode; maxLength: number }) {
  return (
    <Form.Item name={name} label={label}>
      <Input maxLength={maxLength} />
    </Form.Item>
  );
}
