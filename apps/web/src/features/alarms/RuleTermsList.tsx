import { MinusCircleOutlined, PlusOutlined } from '@ant-design/icons';
import { Button, Flex, Form, InputNumber, Select, Space } from 'antd';
import type { FormInstance } from 'antd';
import { useTranslation } from 'react-i18next';
import { ALARM_OPERATORS, ALARM_TERMS_MAX } from '@siteops/contracts/alarm/rules';
import { numericFields, OPERATOR_SIGN } from './alarmText';
import type { RuleValues } from './ruleForm';

/** The terms of a condition (`terms` or `clearTerms`): field, operator, threshold; up to four. */
export function TermsList({ name, form }: { name: 'terms' | 'clearTerms'; form: FormInstance<RuleValues> }) {
  const { t } = useTranslation();
  const deviceType = Form.useWatch('deviceType', form) ?? 'dust';
  const fields = numericFields(deviceType).map((f) => ({
    value: f.key,
    label: `${t(`deviceLink.readings.fields.${f.key}`, { defaultValue: f.label })}${f.unit ? ` (${f.unit})` : ''}`,
  }));
  return (
    <Form.List name={name}>
      {(items, { add, remove }) => (
        <Flex vertical gap={0}>
          {items.map((item, i) => (
            <Space key={item.key} align="start" wrap>
              <Form.Item
                name={[item.name, 'field']}
                label={i === 0 ? t('alarms.rules.field') : undefined}
                rules={[{ required: true, message: t('alarms.rules.fieldRequired') }]}
              >
                <Select
                  aria-label={t('alarms.rules.fieldN', { n: i + 1 })}
                  style={{ width: 200 }}
                  showSearch={{ optionFilterProp: 'label' }}
                  options={fields}
                />
              </Form.Item>
              <Form.Item name={[item.name, 'operator']} label={i === 0 ? t('alarms.rules.operator') : undefined}>
                <Select
                  aria-label={t('alarms.rules.operatorN', { n: i + 1 })}
                  style={{ width: 80 }}
                  options={ALARM_OPERATORS.map((o) => ({ value: o, label: OPERATOR_SIGN[o] }))}
                />
              </Form.Item>
              <Form.Item
                name={[item.name, 'threshold']}
                label={i === 0 ? t('alarms.rules.threshold') : undefined}
                rules={[{ required: true, message: t('alarms.rules.thresholdRequired') }]}
              >
                <InputNumber aria-label={t('alarms.rules.thresholdN', { n: i + 1 })} style={{ width: 120 }} />
              </Form.Item>
              {items.length > 1 && (
                <Button
                  type="text"
                  aria-label={t('alarms.rules.removeTerm', { n: i + 1 })}
                  icon={<MinusCircleOutlined />}
                  onClick={() => remove(item.name)}
                  style={{ marginTop: i === 0 ? 30 : 0 }}
                />
              )}
            </Space>
          ))}
          {items.length < ALARM_TERMS_MAX && (
            <Form.Item>
              <Button type="dashed" icon={<PlusOutlined />} onClick={() => add({ operator: 'gt' })}>
                {t('alarms.rules.addTerm')}
              </Button>
            </Form.Item>
          )}
        </Flex>
      )}
    </Form.List>
  );
}
