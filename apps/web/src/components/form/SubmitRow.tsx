import type { ReactNode } from 'react';
import { Button, Form } from 'antd';

/**
 * A form's submit button as its last row, with no gap under it: the settings forms (basic, social,
 * password) end this way, loading while their save is in flight.
 */
export function SubmitRow({ loading, children }: { loading: boolean; children: ReactNode }) {
  return (
    <Form.Item style={{ marginBottom: 0 }}>
      <Button type="primary" htmlType="submit" loading={loading}>
        {children}
      </Button>
    </Form.Item>
  );
}
