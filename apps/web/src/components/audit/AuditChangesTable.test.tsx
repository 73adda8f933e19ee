import { describe, expect, it } from 'vitest';
import { renderToStaticMarkup } from 'react-dom/server';
import i18next from 'i18next';
import { I18nextProvider, initReactI18next } from 'react-i18next';
import { AUDIT_ACTIONS } from '@siteops/contracts/audit/actions';
import type { AuditChange, AuditDetail } from '@siteops/contracts/audit/schemas';
import { MESSAGES } from '@/i18n/resources';
import { AuditChangesTable } from './AuditChangesTable';
import { AuditEntryDetail } from './AuditEntryDetail';
import { auditActionKey, changeRows } from './changeRows';

async function i18nIn(locale: 'zh-CN' | 'en-US') {
  const instance = i18next.createInstance();
  await instance.use(initReactI18next).init({
    lng: locale,
    resources: { [locale]: { translation: MESSAGES[locale] } },
    interpolation: { escapeValue: false },
  });
  return instance;
}

const CHANGES: AuditChange[] = [
  { field: 'devName', before: 'Gate 1', after: 'Gate 2' },
  { field: 'remark', before: null, after: 'A long remark '.repeat(20) },
  { field: 'allow', before: true, after: false },
  { field: 'terminalPassword', redacted: true },
  { field: 'hj212Extra', before: 1, after: 2 },
];

describe('an audit entry’s before/after table', () => {
  it.each([
    [
      'en-US',
      ['Device name', 'Remark', 'Allowed', 'Terminal password'],
      ['Field', 'Before', 'After'],
      ['(empty)', 'Yes', 'No'],
    ],
    ['zh-CN', ['设备名称', '备注', '允许', '终端密码'], ['字段', '修改前', '修改后'], ['（空）', '是', '否']],
  ] as const)('labels the fields as their page does, in %s', async (locale, labels, headings, words) => {
    const i18n = await i18nIn(locale);
    const rows = changeRows(i18n, 'device', CHANGES);
    expect(rows.map((r) => r.label)).toEqual([...labels, 'hj212Extra']);
    expect(rows.map((r) => [r.before, r.after])).toEqual([
      ['Gate 1', 'Gate 2'],
      [words[0], 'A long remark '.repeat(20)],
      [words[1], words[2]],
      [i18n.t('auditChanges.redacted'), i18n.t('auditChanges.redacted')],
      ['1', '2'],
    ]);
    const html = renderToStaticMarkup(
      <I18nextProvider i18n={i18n}>
        <AuditChangesTable changes={CHANGES} targetType="device" />
      </I18nextProvider>,
    );
    for (const text of [...headings, ...labels, 'Gate 1', 'Gate 2', i18n.t('auditChanges.redacted')]) {
      expect(html).toContain(text);
    }
    // A secret's one cell spans both value columns; long values wrap in their cell.
    expect(html).toMatch(/colSpan="2"|colspan="2"/);
    expect(html).toContain('word-break:break-word');
    expect(html.indexOf('Gate 1')).toBeLessThan(html.indexOf('Gate 2'));
  });

  it('names nested fields by their path, an instant in local time, an unknown target by the field name', async () => {
    const i18n = await i18nIn('en-US');
    const [phone, at] = changeRows(i18n, 'agent', [
      { field: 'user.phone', before: '138****1111', after: '139****2222' },
      { field: 'expDate', before: '2026-11-01T08:00:00.000Z', after: null },
    ]);
    expect(phone.label).toBe('Agent admin user › Phone');
    expect(at.before).toMatch(/^2026-11-0[12] \d{2}:\d{2}:00$/);
    expect(changeRows(i18n, 'somethingNew', [{ field: 'name', before: 'a', after: 'b' }])[0].label).toBe('name');
  });

  it('shows the rest of an entry’s detail behind a toggle; an entry without changes as recorded', async () => {
    const i18n = await i18nIn('en-US');
    const render = (detail: AuditDetail) =>
      renderToStaticMarkup(
        <I18nextProvider i18n={i18n}>
          <AuditEntryDetail detail={detail} targetType="device" />
        </I18nextProvider>,
      );
    const withChanges = render({ sn: 'SN-1', changes: [{ field: 'devName', before: 'a', after: 'b' }] });
    expect(withChanges).toContain('Device name');
    expect(withChanges).toContain('Details');
    const none = render({ sn: 'SN-1', changes: [] });
    expect(none).toContain('Saved without changing any field.');
    const older = render({ fields: ['devName'], values: { devName: 'b' } });
    expect(older).toContain('&quot;devName&quot;: &quot;b&quot;');
    expect(older).not.toContain('Details');
  });

  it('names every audited action in both languages', async () => {
    for (const locale of ['zh-CN', 'en-US'] as const) {
      const i18n = await i18nIn(locale);
      expect(AUDIT_ACTIONS.filter((code) => !i18n.exists(auditActionKey(code)))).toEqual([]);
    }
  });
});
