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
  id,
}: {
  name: string;
  label: ReactNode;
  tooltip?: ReactNode;
  /** An example of what to type, where the label alone does not say what the field matches. */
  placeholder?: string;
  /** Ties the label to the field where a page sets its own ids. */
  id?: string;
}) {
  // Only a given id: an `id` prop, even undefined, stops Form.Item giving the input its own, and the
  // label would then name no field.
  const ids = id ? { id } : {};
  return (
    <Form.Item name={name} label={label} tooltip={tooltip} {...(id ? { htmlFor: id } : {})}>
      <Input {...ids} allowClear placeholder={placeholder} />
    </Form.Item>
  );
}
