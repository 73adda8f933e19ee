import { Descriptions, Flex, Popover, Space, Tag, Tooltip, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import {
  DEVICE_TYPES,
  TELEMETRY_FIELDS,
  decodeFlags,
  type DeviceType,
  type TelemetryField,
} from '@siteops/contracts/device-protocol';
import { IntentScope } from '@/components/intent/IntentScope';
import { WhenArmed } from '@/components/intent/WhenArmed';
import { formatClock } from '@/lib/time';

/** The few readings a list row shows per type; the rest are in the popover. */
const HEADLINE: Partial<Record<DeviceType, readonly string[]>> = {
  dust: ['a34004', 'a34002', 'LA'],
  towerCrane: ['load', 'momentPct', 'windSpeed'],
  elevator: ['load', 'floor', 'people'],
};

export type Readings = Record<string, number | boolean | string>;

function isDeviceType(type: string): type is DeviceType {
  return (DEVICE_TYPES as readonly string[]).includes(type);
}

/**
 * Latest readings of a dust monitor, tower crane or elevator in a list cell: a few headline values
 * with units, alarms as red tags, every field in a popover (mounted on the first hover). Other types
 * render nothing.
 */
export function LatestReadings({
  type,
  latest,
  flags,
  at,
}: {
  type: string;
  latest?: Readings | null;
  /** Field -> data flag other than N (HJ 212): shown beside the value, whose measurement it qualifies. */
  flags?: Record<string, string>;
  at?: string | null;
}) {
  const { t } = useTranslation();
  if (!isDeviceType(type) || !HEADLINE[type]) return null;
  const fields = TELEMETRY_FIELDS[type];
  if (!latest || Object.keys(latest).length === 0) {
    return <Typography.Text type="secondary">{t('deviceLink.readings.none')}</Typography.Text>;
  }

  const label = (f: TelemetryField) => t(`deviceLink.readings.fields.${f.key}`, { defaultValue: f.label });
  const show = (f: TelemetryField, value: number | boolean | string) => {
    if (f.kind === 'boolean') return value ? t('deviceLink.readings.yes') : t('deviceLink.readings.no');
    if (typeof value === 'number') {
      const text = f.kind === 'integer' ? String(value) : value.toFixed(1);
      return f.unit ? `${text} ${f.unit}` : text;
    }
    return String(value);
  };
  const flagTag = (f: TelemetryField) => {
    const flag = flags?.[f.key];
    if (!flag || flag === 'N') return null;
    return (
      <Tooltip title={t(`deviceLink.readings.dataFlag.${flag}`, { defaultValue: flag })}>
        <Tag color="orange" style={{ marginInlineStart: 4, marginInlineEnd: 0 }} data-testid={`data-flag-${f.key}`}>
          {flag}
        </Tag>
      </Tooltip>
    );
  };
  const alarmField = fields.find((f) => f.kind === 'flags');
  const alarmValue = alarmField ? latest[alarmField.key] : undefined;
  const alarms = alarmField && typeof alarmValue === 'number' ? decodeFlags(alarmField, alarmValue) : [];
  const alarmTags = alarms.map((name) => (
    <Tag key={name} color="red">
      {t(`deviceLink.readings.flags.${name}`, { defaultValue: name })}
    </Tag>
  ));

  const headline = fields.filter((f) => HEADLINE[type]?.includes(f.key) && latest[f.key] !== undefined);
  const details = (
    <Descriptions
      size="small"
      column={1}
      style={{ width: 260 }}
      items={fields
        .filter((f) => latest[f.key] !== undefined)
        .map((f) => ({
          key: f.key,
          label: label(f),
          children:
            f.kind === 'flags'
              ? alarmTags.length
                ? alarmTags
                : t('deviceLink.readings.noAlarm')
              : [show(f, latest[f.key]), flagTag(f)],
        }))}
    />
  );

  const title = at ? t('deviceLink.readings.updatedAt', { time: formatClock(at) }) : undefined;
  // The popover mounts on the cell's first hover (IntentScope), not with every row of the list.
  return (
    <IntentScope>
      <WhenArmed
        render={(cell) => (
          <Popover content={details} title={title}>
            {cell}
          </Popover>
        )}
      >
        <Flex vertical gap={2} data-testid="latest-readings">
          <Space size={8} wrap>
            {headline.map((f) => (
              <Typography.Text key={f.key} style={{ whiteSpace: 'nowrap' }}>
                <Typography.Text type="secondary">{label(f)}</Typography.Text> {show(f, latest[f.key])}
                {flagTag(f)}
              </Typography.Text>
            ))}
          </Space>
          {alarmTags.length > 0 && <Space size={2}>{alarmTags}</Space>}
        </Flex>
      </WhenArmed>
    </IntentScope>
  );
}
