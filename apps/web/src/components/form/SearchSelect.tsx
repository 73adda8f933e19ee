import type { ReactNode } from 'react';
import { Form, Select } from 'antd';

/**
 * A search form's pick-one filter: empty (any) until chosen, cleared with one click. `searchable` lets
 * the user type to narrow a long list by the options' labels.
 */
export function SearchSelect({
  name,
  label,
  id,
  width,
  minWidth,
  options,
  searchable = false,
  placeholder,
  loading,
}: {
  name: string;
  label: ReactNode;
  /** Ties the label to the field where a page sets its own ids. */
  id?: string;
  /** Its width; or at least `minWidth`, wider for a longer choice; or, with neither, as wide as its choice. */
  width?: number;
  minWidth?: number;
  options: { value: string; label: ReactNode }[];
  searchable?: boolean;
  /** What an empty choice means, where it is not plain "any". */
  placeholder?: string;
  /** The options are still being read. */
  loading?: boolean;
}) {
  return (
    // Only a given id (see SearchText): an undefined `id` prop would stop Form.Item giving its own.
    <Form.Item name={name} label={label} {...(id ? { htmlFor: id } : {})}>
      <Select
        {...(id ? { id } : {})}
        allowClear
        showSearch={searchable ? { optionFilterProp: 'label' } : undefined}
        style={width || minWidth ? { width, minWidth } : undefined}
        placeholder={placeholder}
        loading={loading}
        options={options}
      />
    </Form.Item>
  );
}
