import { describe, expect, it } from 'vitest';
import i18next from 'i18next';
import { BUILTIN_OFFLINE_RULE_NAME } from '@siteops/contracts/alarm/rules';
import { MESSAGES } from '@/i18n/resources';
import {
  conditionText,
  holds,
  numericFields,
  readingCharts,
  ruleNameText,
  sourceText,
  sourceValueText,
  termRows,
} from './alarmText';

describe('alarm texts', () => {
  it('compares a value with its threshold as the operator says; a missing value never holds', () => {
    expect(holds(151, 'gt', 150)).toBe(true);
    expect(holds(150, 'gt', 150)).toBe(false);
    expect(holds(150, 'gte', 150)).toBe(true);
    expect(holds(10, 'lt', 20)).toBe(true);
    expect(holds(20, 'lte', 20)).toBe(true);
    expect(holds(3, 'eq', 3)).toBe(true);
    expect(holds(3, 'neq', 3)).toBe(false);
    expect(holds(undefined, 'gt', 0)).toBe(false);
    expect(holds('200', 'gt', 0)).toBe(false);
  });

  it('sets each term beside the first and last values, with its unit', () => {
    const condition = { logic: 'and' as const, terms: [{ field: 'a34002', operator: 'gt' as const, threshold: 150 }] };
    expect(termRows('dust', condition, { a34002: 200 }, { a34002: 120 })).toEqual([
      {
        key: '0-a34002',
        field: 'a34002',
        unit: 'μg/m³',
        operator: 'gt',
        threshold: 150,
        first: 200,
        last: 120,
        over: false,
      },
    ]);
  });

  it('writes a condition as one line', () => {
    const condition = {
      logic: 'or' as const,
      terms: [
        { field: 'a34002', operator: 'gt' as const, threshold: 150 },
        { field: 'LA', operator: 'gte' as const, threshold: 70 },
      ],
    };
    expect(conditionText('dust', condition, (f) => f.toUpperCase(), 'or')).toBe('A34002 > 150 μg/m³ or LA ≥ 70 dB(A)');
  });

  it('offers the numeric readings of a type', () => {
    expect(numericFields('dust').map((f) => f.key)).toContain('a34002');
    expect(numericFields('towerCrane').map((f) => f.key)).toEqual(expect.arrayContaining(['momentPct', 'windSpeed']));
  });

  it('reads the other sources and their alarms’ values as one line', () => {
    const t = (key: string, o?: Record<string, unknown>) => `${key}${o ? JSON.stringify(o) : ''}`;
    expect(sourceText({ kind: 'noData', minutes: 30 }, t)).toBe('alarms.sourceText.noData{"minutes":30}');
    expect(sourceText({ kind: 'offline' }, t)).toBe('alarms.sourceText.offlineDefault');
    expect(sourceText({ kind: 'event', event: 'alarm', code: 'collision', autoClearMinutes: 60 }, t)).toContain(
      'alarms.sourceText.autoClear{"minutes":60}',
    );
    expect(sourceValueText({ eventId: 'e', event: 'alarm', codes: 'collision,overload' }, t)).toMatch(
      /^alarms\.eventKinds\.alarm.*: deviceLink\.readings\.flags\.collision.*, deviceLink\.readings\.flags\.overload/,
    );
    expect(sourceValueText({ since: '2026-06-01T08:00:00Z', minutes: 45 }, t)).toBe(
      'alarms.sourceText.spell{"minutes":45}',
    );
    expect(sourceValueText({ a34002: 200 }, t)).toBeNull();
  });

  it('names the built-in offline rule in the reader’s language, and any other rule as written', async () => {
    const inLanguage = async (lng: 'zh-CN' | 'en-US') => {
      const i18n = i18next.createInstance();
      await i18n.init({ lng, resources: { [lng]: { translation: MESSAGES[lng] } } });
      return (key: string) => i18n.t(key);
    };
    expect(ruleNameText(BUILTIN_OFFLINE_RULE_NAME, await inLanguage('en-US'))).toBe('Device offline');
    expect(ruleNameText(BUILTIN_OFFLINE_RULE_NAME, await inLanguage('zh-CN'))).toBe('设备离线');
    expect(ruleNameText('PM10 over 150', await inLanguage('zh-CN'))).toBe('PM10 over 150');
  });

  it('charts each field with readings around the alarm, the rule’s threshold as the limit line, in both languages', async () => {
    const fields = [
      {
        field: 'a34002',
        points: [
          ['2026-06-01T08:00:00.000Z', 80.123, 80, 81],
          ['2026-06-01T08:10:00.000Z', 200, 190, 210],
        ] as [string, number, number, number][],
        thresholds: [150],
      },
      { field: 'a01001', points: [], thresholds: [] },
    ];
    const label = (f: string) => (f === 'a34002' ? 'PM10' : f);
    const time = (iso: string) => iso.slice(11, 16);
    const t = (await (async () => {
      const i18n = i18next.createInstance();
      await i18n.init({
        lng: 'en-US',
        interpolation: { escapeValue: false },
        resources: { 'en-US': { translation: MESSAGES['en-US'] } },
      });
      return i18n.t;
    })()) as unknown as (key: string, options?: Record<string, unknown>) => string;
    expect(readingCharts('dust', fields, label, t, time)).toEqual([
      {
        field: 'a34002',
        title: 'PM10 from an hour before the alarm',
        labels: ['08:00', '08:10'],
        series: [{ name: 'PM10', values: [80.12, 200] }],
        limit: { value: 150, label: 'Limit 150 μg/m³' },
      },
    ]);
    const zh = i18next.createInstance();
    await zh.init({
      lng: 'zh-CN',
      interpolation: { escapeValue: false },
      resources: { 'zh-CN': { translation: MESSAGES['zh-CN'] } },
    });
    const [chart] = readingCharts('dust', fields, label, zh.t as unknown as typeof t, time);
    expect(chart.limit?.label).toBe('限值 150 μg/m³');
    expect(chart.title).toBe('PM10（自告警前一小时起）');
    // Nothing stored around the alarm: no chart (the drawer shows its empty state).
    expect(readingCharts('dust', [fields[1]], label, t, time)).toEqual([]);
  });
});
