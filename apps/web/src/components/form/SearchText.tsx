import type { ReactNode } from 'react';
import { Form, Input } from 'antd';

/**
 * A search form's free-text field: matched as "contains" by the endpoint (or exactly, where the
 * tooltip says so), cleared with one click.
 */
export function SearchText({
  name,
  label,
  tooltip,
  placeholder,
}: {
  name: string;
  label: ReactNode;
  tooltip?: ReactNode;
  /** An example of what to type, where the label alone does not say what the field matches. */
  placeholder?: string;
}) {
  return (
    <Form.Item name={name} label={label} tooltip={tooltip}>
      <Input allowClear placeholder={placeholder} />
    </Form.Item>
  );
}
