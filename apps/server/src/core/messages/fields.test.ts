import { describe, expect, it } from 'vitest';
import { t } from './index.ts';
import { fieldText } from './zod.ts';

describe('field names in messages', () => {
  it('a Chinese message names the field in Chinese, an English one by its API name', () => {
    const message = t('field.mac', { field: 'mac' });
    expect(message.render('zh-CN')).toBe('MAC地址 格式应为 AA:BB:CC:DD:EE:FF');
    expect(message.render('en-US')).toBe('mac must look like AA:BB:CC:DD:EE:FF');
  });

  it('a nested path is named by its last segment; both fields of a comparison are named', () => {
    expect(t('field.required', { field: 'rows.3.sn' }).render('zh-CN')).toBe('设备序列号 为必填项');
    expect(t('field.after', { field: 'visitEnd', other: 'visitStart' }).render('zh-CN')).toBe(
      '来访结束时间 必须晚于 来访开始时间',
    );
  });

  it('our English zod messages come back in Chinese with the field named in Chinese', () => {
    expect(fieldText('devName is at most 64 characters')?.render('zh-CN')).toBe('设备名称 最多 64 个字符');
  });

  it('a field with no Chinese name keeps its API name rather than losing it', () => {
    expect(t('field.required', { field: 'fooBar' }).render('zh-CN')).toBe('fooBar 为必填项');
  });
});
