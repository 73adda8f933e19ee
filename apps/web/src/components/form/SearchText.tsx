import type { ReactNode } from 'react';
import { Form, Input } from 'antd';

/**
 * A search form's free-text field: matched as "contains" by the endpoint (or exactly, where the
 * tooltip says so), cleared with one click.
 */
export function SearchText({ name, label, tooltip }: { name: string; label: ReactNode; tooltip?: ReactNode }) {
  return (
    <Form.Item name={name} label={label} tooltip={tooltip}>
      <Input allowClear />
    </Form.Item>
  );
}
