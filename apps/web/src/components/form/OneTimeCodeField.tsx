import type { ReactNode } from 'react';
import { Form, Input, Space } from 'antd';
import { SECURITY_CODE_DIGITS } from '@siteops/contracts/account/schemas';

interface OneTimeCodeFieldProps {
  label: string;
  requiredMessage: string;
  invalidMessage: string;
  /** Under the field, e.g. where the code went. */
  extra?: ReactNode;
  /** Accepts spaces around the digits (a code pasted from a mail or a text). */
  lenient?: boolean;
  /** The "send code" button beside the input. */
  sendButton: ReactNode;
}

/**
 * A one-time code (`code`, SECURITY_CODE_DIGITS digits) typed beside the button that sends it: binding a
 * security address and recovering a password ask for it alike.
 */
export function OneTimeCodeField({
  label,
  requiredMessage,
  invalidMessage,
  extra,
  lenient,
  sendButton,
}: OneTimeCodeFieldProps) {
  const digits = `\\d{${SECURITY_CODE_DIGITS}}`;
  return (
    <Form.Item label={label} required extra={extra}>
      <Space.Compact style={{ width: '100%' }}>
        <Form.Item
          name="code"
          noStyle
          rules={[
            { required: true, message: requiredMessage },
            { pattern: new RegExp(lenient ? `^\\s*${digits}\\s*$` : `^${digits}$`), message: invalidMessage },
          ]}
        >
          <Input
            aria-label={label}
            inputMode="numeric"
            autoComplete="one-time-code"
            maxLength={SECURITY_CODE_DIGITS + (lenient ? 2 : 0)}
          />
        </Form.Item>
        {sendButton}
      </Space.Compact>
    </Form.Item>
  );
}
