import type { AlarmRuleSource, AlarmSeverity, AlarmTerm } from '@siteops/contracts/alarm/rules';
import type { DeviceType } from '@siteops/contracts/device-protocol';
import { EMPTY_TERM, sourceValues, WEEKDAYS, type RuleValues } from './ruleForm';

/** A ready-made rule of the limits; `name` is its i18n key under `alarms.templates`. */
export interface RuleTemplate {
  key: string;
  deviceType: DeviceType;
  /** A reading rule's term; absent for the other sources. */
  term?: AlarmTerm;
  /** The source when not readings (no data for 30 minutes). */
  source?: Exclude<AlarmRuleSource, { kind: 'reading' }>;
  durationSeconds: number;
  severity: AlarmSeverity;
  /** When it applies (GB 12523-2011: day 06:00-22:00, night 22:00-06:00). */
  window?: { from: string; to: string };
}

/** A template on one reading: `field operator threshold`, held `durationSeconds`, only within `window` if given. */
function limit(
  key: string,
  deviceType: DeviceType,
  [field, operator, threshold]: [AlarmTerm['field'], AlarmTerm['operator'], number],
  durationSeconds: number,
  severity: AlarmSeverity,
  window?: RuleTemplate['window'],
): RuleTemplate {
  return {
    key,
    deviceType,
    term: { field, operator, threshold },
    durationSeconds,
    severity,
    ...(window ? { window } : {}),
  };
}

/**
 * The site limits as ready-made rules: PM2.5 75 and PM10 150 µg/m³ held ten minutes, noise 70 dB(A) by day
 * and 55 dB(A) by night (GB 12523-2011), crane moment 90 % (major) and 100 % (critical), elevator load 90 %,
 * crane wind speed over 20 m/s (level 6: stop lifting), and a monitor sending no data for 30 minutes.
 */
export const RULE_TEMPLATES: readonly RuleTemplate[] = [
  limit('pm25', 'dust', ['a34004', 'gt', 75], 600, 'major'),
  limit('pm10', 'dust', ['a34002', 'gt', 150], 600, 'major'),
  limit('noiseDay', 'dust', ['LA', 'gt', 70], 300, 'major', { from: '06:00', to: '22:00' }),
  limit('noiseNight', 'dust', ['LA', 'gt', 55], 300, 'major', { from: '22:00', to: '06:00' }),
  limit('craneMoment90', 'towerCrane', ['momentPct', 'gte', 90], 0, 'major'),
  limit('craneMoment100', 'towerCrane', ['momentPct', 'gte', 100], 0, 'critical'),
  limit('elevatorLoad90', 'elevator', ['loadPct', 'gte', 90], 0, 'major'),
  limit('craneWind20', 'towerCrane', ['windSpeed', 'gt', 20], 0, 'critical'),
  {
    key: 'noData30',
    deviceType: 'dust',
    source: { kind: 'noData', minutes: 30 },
    durationSeconds: 0,
    severity: 'major',
  },
];

/** A template over the values already in the form (its scope and what it names stay). */
export function templateValues(template: RuleTemplate, name: string): Partial<RuleValues> {
  return {
    name,
    deviceType: template.deviceType,
    ...sourceValues(template.source ?? { kind: 'reading' }),
    logic: 'and',
    terms: [template.term ? { ...template.term } : { ...EMPTY_TERM }],
    durationSeconds: template.durationSeconds,
    clearOwn: false,
    severity: template.severity,
    enabled: true,
    windowOn: Boolean(template.window),
    windowFrom: template.window?.from,
    windowTo: template.window?.to,
    windowWeekdays: [...WEEKDAYS],
  };
}
