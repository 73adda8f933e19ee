import { describe, expect, it } from 'vitest';
import { AUDIT_ACTIONS } from '@siteops/contracts/audit/actions';
import { MESSAGES } from '@/i18n/resources';
import { auditActionKey } from './auditActions';

const lookup = (tree: unknown, key: string) =>
  key.split('.').reduce<unknown>((node, part) => (node as Record<string, unknown> | undefined)?.[part], tree);

describe('the audit log’s actions', () => {
  it('every action the server may record is named in both languages', () => {
    for (const locale of ['zh-CN', 'en-US'] as const) {
      const missing = AUDIT_ACTIONS.filter(
        (code) => typeof lookup(MESSAGES[locale], auditActionKey(code)) !== 'string',
      );
      expect(missing, locale).toEqual([]);
    }
    expect(lookup(MESSAGES['zh-CN'], auditActionKey('device.divideProject'))).toBe('设备分配到项目');
  });
});
