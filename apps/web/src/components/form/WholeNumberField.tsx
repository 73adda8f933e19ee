import type { ReactNode } from 'react';
import { Form, InputNumber } from 'antd';

/**
 * A required whole number from `min` to `max`: the input keeps typed numbers in range and whole, and
 * `message` says so when it is emptied.
 */
export function WholeNumberField({
  name,
  label,
  min,
  max,
  message,
}: {
  name: string;
  label: ReactNode;
  min: number;
  max: number;
  message: string;
}) {
  return (
    <Form.Item name={name} label={label} rules={[{ required: true, type: 'integer', min, max, message }]}>
      <InputNumber min={min} max={max} precision={0} />
    </Form.Item>
  );
}
