import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { FormInstance } from 'antd';
import { ApiError } from '@/api/envelope';

const toasts: string[] = [];
// Pure logic in the node environment: the console's i18n (it sets the page's lang) is not needed here.
vi.mock('@/i18n/i18n', () => ({ default: { t: (key: string) => key } }));
vi.mock('@/lib/feedback', () => ({
  message: () => ({ error: ({ content }: { content: string }) => toasts.push(content) }),
}));
const { showSubmitFailure } = await import('./submitFailure');

function formSpy() {
  const setFields = vi.fn();
  return { form: { setFields } as unknown as FormInstance, setFields };
}

describe('a phone form whose submit failed', () => {
  beforeEach(() => {
    toasts.length = 0;
  });

  it("shows the server's field error beside the field only, with no toast over the form", () => {
    const { form, setFields } = formSpy();
    const error = new ApiError('参数错误', 40000, 400, { fields: { idNo: '身份证号码校验位不正确' } });
    showSubmitFailure(form, error, ['realName', 'idNo']);
    expect(setFields).toHaveBeenCalledWith([{ name: 'idNo', errors: ['身份证号码校验位不正确'] }]);
    expect(toasts).toEqual([]);
  });

  it('toasts a failure no field of the form shows (a 409 on another field, a closed link)', () => {
    const { form, setFields } = formSpy();
    showSubmitFailure(form, new ApiError('该链接已失效', 40400, 404, null), ['realName', 'idNo']);
    showSubmitFailure(form, new ApiError('已登记', 40900, 409, { field: 'project' }), ['realName', 'idNo']);
    expect(setFields).not.toHaveBeenCalled();
    expect(toasts).toEqual(['该链接已失效', '已登记']);
  });
});
