import { describe, expect, it } from 'vitest';
import { constantApi } from '../constant/api.ts';
import { deviceApi } from '../device/api.ts';
import { CONSTANT_SORT_FIELDS } from '../constant/schemas.ts';
import { fillPath } from './endpoint.ts';

describe('defineEndpoints', () => {
  it('names each declaration and lists what the console needs without the schemas', () => {
    expect(constantApi.listAll).toMatchObject({ id: 'constant.listAll', module: 'constant', operation: 'listAll' });
    // A stale link's sort is checked against these, so they must be the enum the server accepts.
    expect(constantApi.listAll.sortFields).toEqual([...CONSTANT_SORT_FIELDS]);
    expect(constantApi.listAll.queryFields).toEqual(expect.arrayContaining(['page', 'pageSize', 'key', 'value']));
    // The import is a POST whose mode and job id travel in the query string, the file in the body.
    expect(deviceApi.import.queryFields.length).toBeGreaterThan(0);
    expect(deviceApi.delete.sortFields).toBeUndefined();
  });

  it('fills path parameters and keeps the other fields', () => {
    expect(fillPath('/api/device/:id/latest', { id: 7, x: 1 })).toEqual({
      url: '/api/device/7/latest',
      rest: { x: 1 },
    });
    expect(() => fillPath('/api/device/:id/latest', {})).toThrow(/missing path parameter id/);
  });
});
