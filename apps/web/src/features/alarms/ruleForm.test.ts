import { describe, expect, it } from 'vitest';
import { addAlarmRuleBody, updateAlarmRuleBody } from '@siteops/contracts/alarm/rules';
import {
  actionsOf,
  addBody,
  formPathOf,
  newRuleValues,
  previewBody,
  ruleFieldErrors,
  ruleValues,
  updateBody,
  type RuleValues,
} from './ruleForm';
import { RULE_TEMPLATES, templateValues } from './ruleTemplates';

const base = (over: Partial<RuleValues> = {}): RuleValues =>
  ({
    ...newRuleValues('project'),
    name: ' PM10 ',
    projectId: 7,
    terms: [{ field: 'a34002', operator: 'gt', threshold: 150 }],
    ...over,
  }) as RuleValues;

describe('the rule form', () => {
  it('every template is a rule the server takes', () => {
    for (const tpl of RULE_TEMPLATES) {
      const values = { ...base(), ...templateValues(tpl, tpl.key) } as RuleValues;
      const parsed = addAlarmRuleBody.safeParse(addBody(values));
      expect(parsed.success, tpl.key).toBe(true);
    }
  });

  it('the PM10 template is 150 µg/m³ held ten minutes', () => {
    const pm10 = RULE_TEMPLATES.find((t) => t.key === 'pm10')!;
    expect(pm10).toMatchObject({
      deviceType: 'dust',
      term: { field: 'a34002', operator: 'gt', threshold: 150 },
      durationSeconds: 600,
    });
  });

  it('sends only the id its scope names, and no clear condition unless asked', () => {
    const body = addBody(base({ agentId: 3, deviceId: 9 }));
    expect(body).toMatchObject({ name: 'PM10', scope: 'project', projectId: 7, clearCondition: null });
    expect(body).not.toHaveProperty('agentId');
    expect(body).not.toHaveProperty('deviceId');
    const withClear = addBody(
      base({ clearOwn: true, clearLogic: 'or', clearTerms: [{ field: 'a34002', operator: 'lt', threshold: 120 }] }),
    );
    expect(withClear.clearCondition).toEqual({
      logic: 'or',
      terms: [{ field: 'a34002', operator: 'lt', threshold: 120 }],
    });
  });

  it('the night noise template is 55 dB(A) from 22:00 to 06:00 every day; a window with some days sends them', () => {
    const night = RULE_TEMPLATES.find((t) => t.key === 'noiseNight')!;
    const body = addBody({ ...base(), ...templateValues(night, 'Night noise') } as RuleValues);
    expect(body.condition).toEqual({
      logic: 'and',
      terms: [{ field: 'LA', operator: 'gt', threshold: 55 }],
      window: { from: '22:00', to: '06:00' },
    });
    const weekdays = addBody(
      base({ windowOn: true, windowFrom: '08:00', windowTo: '18:00', windowWeekdays: [5, 1, 3] }),
    );
    expect(weekdays.condition?.window).toEqual({ from: '08:00', to: '18:00', weekdays: [1, 3, 5] });
    expect(addBody(base()).condition).not.toHaveProperty('window');
    expect(formPathOf('condition.window.to')).toEqual(['windowTo']);
    expect(formPathOf('condition.window.weekdays')).toEqual(['windowWeekdays']);
  });

  it('a rule read back edits to the same body', () => {
    const rule = {
      id: 4,
      name: 'Wind',
      scope: 'fleet' as const,
      agentId: null,
      projectId: null,
      deviceId: null,
      targetName: null,
      deviceType: 'towerCrane',
      source: { kind: 'reading' as const },
      condition: { logic: 'and' as const, terms: [{ field: 'windSpeed', operator: 'gt' as const, threshold: 20 }] },
      durationSeconds: 30,
      clearCondition: {
        logic: 'and' as const,
        terms: [{ field: 'windSpeed', operator: 'lt' as const, threshold: 15 }],
      },
      severity: 'critical' as const,
      enabled: false,
      actions: [{ kind: 'relay' as const, when: 'raised' as const, deviceId: null, output: 2, on: true }],
      createdAt: '',
      updatedAt: '',
    };
    const body = updateBody(4, ruleValues(rule) as RuleValues);
    expect(updateAlarmRuleBody.parse(body)).toEqual({
      id: 4,
      name: 'Wind',
      source: { kind: 'reading' },
      condition: rule.condition,
      durationSeconds: 30,
      clearCondition: rule.clearCondition,
      severity: 'critical',
      enabled: false,
      actions: rule.actions,
    });
  });

  it('sends each linked action with its kind’s fields only, and the server takes them', () => {
    const body = addBody(
      base({
        actions: [
          { kind: 'speak', when: 'raised', text: '  Fog cannons on ', volume: 80, deviceId: 3, on: true },
          { kind: 'relay', when: 'raised', deviceId: 7, output: 1, on: true, text: 'x' },
          { kind: 'relay', when: 'cleared', deviceId: 7, output: 1, on: false },
          { kind: 'webhook', when: 'raised', channelId: 4 },
        ],
      }),
    );
    expect(body.actions).toEqual([
      { kind: 'speak', when: 'raised', text: 'Fog cannons on', volume: 80 },
      { kind: 'relay', when: 'raised', deviceId: 7, output: 1, on: true },
      { kind: 'relay', when: 'cleared', deviceId: 7, output: 1, on: false },
      { kind: 'webhook', when: 'raised', channelId: 4 },
    ]);
    expect(addAlarmRuleBody.safeParse(body).success).toBe(true);
    // No device chosen: the alarm's own (a crane's power cut).
    expect(actionsOf([{ kind: 'relay', when: 'raised', output: 2, on: true }])).toEqual([
      { kind: 'relay', when: 'raised', deviceId: null, output: 2, on: true },
    ]);
    expect(previewBody(base({ actions: [{ kind: 'webhook', when: 'raised', channelId: 4 }] }))).not.toHaveProperty(
      'actions',
    );
    expect(formPathOf('actions.1.deviceId')).toEqual(['actions', 1, 'deviceId']);
    expect(formPathOf('actions.0')).toEqual(['actions', 0, 'kind']);
  });

  it('the no-data template is 30 minutes of silence, with no condition', () => {
    const tpl = RULE_TEMPLATES.find((x) => x.key === 'noData30')!;
    const body = addBody({ ...base(), ...templateValues(tpl, 'Silent') } as RuleValues);
    expect(body).toMatchObject({ deviceType: 'dust', source: { kind: 'noData', minutes: 30 } });
    expect(body).not.toHaveProperty('condition');
    expect(body).not.toHaveProperty('clearCondition');
  });

  it('each source sends the fields it needs, and the server takes them', () => {
    const event = addBody(
      base({
        deviceType: 'towerCrane',
        source: 'event',
        eventKind: 'alarm',
        eventCode: 'collision',
        autoClearMinutes: 60,
      }),
    );
    expect(event.source).toEqual({ kind: 'event', event: 'alarm', code: 'collision', autoClearMinutes: 60 });
    expect(addAlarmRuleBody.safeParse(event).success).toBe(true);
    const anyCode = addBody(base({ deviceType: 'aiBox', source: 'event', eventKind: 'noHelmet', eventCode: null }));
    expect(anyCode.source).toEqual({ kind: 'event', event: 'noHelmet', autoClearMinutes: null });
    expect(addAlarmRuleBody.safeParse(anyCode).success).toBe(true);
    // An event the type does not send is refused on the event's field.
    const wrong = addAlarmRuleBody.safeParse(
      addBody(base({ deviceType: 'dust', source: 'event', eventKind: 'noHelmet' })),
    );
    expect(wrong.success).toBe(false);
    expect(wrong.error?.issues.map((i) => i.path.join('.'))).toContain('source.event');
    // Offline: every type, and the default delay when no minutes are given.
    const offline = addBody(base({ deviceType: null, source: 'offline', sourceMinutes: null }));
    expect(offline).not.toHaveProperty('deviceType');
    expect(offline.source).toEqual({ kind: 'offline' });
    expect(addAlarmRuleBody.safeParse(offline).success).toBe(true);
    expect(addBody(base({ source: 'offline', sourceMinutes: 10 })).source).toEqual({ kind: 'offline', minutes: 10 });
    // An edit moving a rule off readings drops its conditions.
    expect(updateBody(3, base({ source: 'noData', sourceMinutes: 45 }))).toMatchObject({
      source: { kind: 'noData', minutes: 45 },
      condition: null,
      clearCondition: null,
    });
    expect(previewBody(base({ name: '' }))).not.toHaveProperty('name');
  });

  it('puts the server’s field errors on the form’s fields', () => {
    expect(formPathOf('source.minutes')).toEqual(['sourceMinutes']);
    expect(formPathOf('source.event')).toEqual(['eventKind']);
    expect(formPathOf('source.code')).toEqual(['eventCode']);
    expect(formPathOf('source')).toEqual(['source']);
    expect(formPathOf('condition.terms.1.threshold')).toEqual(['terms', 1, 'threshold']);
    expect(formPathOf('clearCondition.terms.0.field')).toEqual(['clearTerms', 0, 'field']);
    expect(formPathOf('condition.terms')).toEqual(['terms', 0, 'field']);
    expect(formPathOf('projectId')).toEqual(['projectId']);
    expect(formPathOf('somethingElse')).toBeUndefined();
    expect(ruleFieldErrors({ name: 'too long', 'condition.terms.0.field': 'bad', other: 'x' })).toEqual([
      { name: ['name'], errors: ['too long'] },
      { name: ['terms', 0, 'field'], errors: ['bad'] },
    ]);
  });
});
