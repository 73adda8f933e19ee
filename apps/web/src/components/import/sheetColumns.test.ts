import { describe, expect, it } from 'vitest';
import { DEVICE_IMPORT_COLUMNS } from '@siteops/contracts/device/sheet';
import { sheetColumnLabel } from './sheetColumns';

const columnLabel = (column: string | null, lang: string) => sheetColumnLabel(DEVICE_IMPORT_COLUMNS, column, lang);

describe('import error columns', () => {
  it('name a column as the template of the user language heads it', () => {
    expect(columnLabel('mac', 'zh-CN')).toBe('MAC地址');
    expect(columnLabel('mac', 'en-US')).toBe('MAC address');
    expect(columnLabel('sn', 'en-US')).toBe('Serial number');
  });

  it('show an unknown key as is and a whole-row error as a dash', () => {
    expect(columnLabel('colour', 'en-US')).toBe('colour');
    expect(columnLabel(null, 'zh-CN')).toBe('-');
  });
});
