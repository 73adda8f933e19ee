import { DatePicker, Form } from 'antd';

/**
 * A list's search by time (rangeSearch's `range` field): from and to, to the second, either end left
 * open for "since" or "until".
 */
export function RangeSearchField({ label }: { label: string }) {
  return (
    <Form.Item name="range" label={label}>
      <DatePicker.RangePicker showTime allowEmpty={[true, true]} />
    </Form.Item>
  );
}
