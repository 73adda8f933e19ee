import { Form, Input } from 'antd';
import { useTranslation } from 'react-i18next';
import { MAC_PATTERN } from './macPattern';

/** The formats of a device's two identities (and the MAC's example). */
const ID_FORMATS = {
  mac: { pattern: MAC_PATTERN, placeholder: 'AA:BB:CC:DD:EE:FF' },
  sn: { pattern: /^[A-Za-z0-9_.:-]{1,64}$/, placeholder: undefined },
};

/**
 * A device's MAC address or serial number, required and in its format: the edit dialog and the
 * authorisation form ask for them the same way. `blankIsMissing`: spaces alone get the required message
 * rather than the format one.
 */
export function DeviceIdField({ name, blankIsMissing = false }: { name: 'mac' | 'sn'; blankIsMissing?: boolean }) {
  const { t } = useTranslation();
  const { pattern, placeholder } = ID_FORMATS[name];
  return (
    <Form.Item
      name={name}
      label={t(`devices.field.${name}`)}
      rules={[
        { required: true, ...(blankIsMissing && { whitespace: true }), message: t(`devices.rules.${name}Required`) },
        { pattern, message: t(`devices.rules.${name}Format`) },
      ]}
    >
      <Input placeholder={placeholder} />
    </Form.Item>
  );
}
