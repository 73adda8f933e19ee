import { Card, Col, Form, InputNumber, Row, Select } from 'antd';
import { useTranslation } from 'react-i18next';
import {
  LIVE_METHODS,
  RESOLUTIONS,
  type AiStreamKey,
  type AiStreamReadItem,
} from '@siteops/contracts/ai-stream/schemas';
import { STREAM_RANGES, mixedValues, rangeProblem } from './streamDiff';
import { useValueText } from './valueText';

/** The group form's fields, in cards by what they are about (spec 2 "group form"). */
export function StreamFields({ rows, disabled }: { rows: readonly AiStreamReadItem[]; disabled: boolean }) {
  const { t } = useTranslation();
  const valueText = useValueText();
  /** Under a field the devices disagree on: their values, and that empty keeps each as it is. */
  const extra = (key: AiStreamKey) => {
    const mixed = mixedValues(rows, key);
    return mixed.length ? t('aiStream.mixed', { values: mixed.map((v) => valueText(key, v)).join(' / ') }) : undefined;
  };
  // A number within its spec range, the range as the placeholder.
  const ranged = (key: keyof typeof STREAM_RANGES) => (
    <Form.Item
      name={key}
      label={t(`aiStream.field.${key}`)}
      extra={extra(key)}
      rules={[
        {
          validator: (_: unknown, value: unknown) =>
            rangeProblem(key, value) ? Promise.reject(new Error(t(`aiStream.${key}Range`))) : Promise.resolve(),
        },
      ]}
    >
      <InputNumber
        disabled={disabled}
        placeholder={`${STREAM_RANGES[key].min} - ${STREAM_RANGES[key].max}`}
        style={{ width: '100%' }}
      />
    </Form.Item>
  );
  const onOff = (key: 'detectHelmet' | 'detectVest' | 'detectIntrusion') => (
    <Form.Item name={key} label={t(`aiStream.field.${key}`)} extra={extra(key)}>
      <Select
        allowClear
        disabled={disabled}
        placeholder={t('aiStream.keep')}
        options={[
          { value: true, label: t('aiStream.on') },
          { value: false, label: t('aiStream.off') },
        ]}
      />
    </Form.Item>
  );
  const col = { xs: 24, md: 12 };

  return (
    <Row gutter={[16, 16]}>
      <Col xs={24} xl={8}>
        <Card title={t('aiStream.groups.live')} size="small">
          <Form.Item name="liveMethod" label={t('aiStream.field.liveMethod')} extra={extra('liveMethod')}>
            <Select
              allowClear
              disabled={disabled}
              placeholder={t('aiStream.keep')}
              options={LIVE_METHODS.map((m) => ({ value: m, label: t(`aiStream.liveMethod.${m}`) }))}
            />
          </Form.Item>
          <Form.Item name="resolution" label={t('aiStream.field.resolution')} extra={extra('resolution')}>
            <Select
              allowClear
              disabled={disabled}
              placeholder={t('aiStream.keep')}
              options={RESOLUTIONS.map((r) => ({ value: r, label: r }))}
            />
          </Form.Item>
        </Card>
      </Col>
      <Col xs={24} xl={8}>
        <Card title={t('aiStream.groups.encoding')} size="small">
          {ranged('frameRate')}
          {ranged('bitRate')}
        </Card>
      </Col>
      <Col xs={24} xl={8}>
        <Card title={t('aiStream.groups.detection')} size="small">
          <Row gutter={16}>
            <Col {...col}>{onOff('detectHelmet')}</Col>
            <Col {...col}>{onOff('detectVest')}</Col>
            <Col {...col}>{onOff('detectIntrusion')}</Col>
          </Row>
        </Card>
      </Col>
    </Row>
  );
}
