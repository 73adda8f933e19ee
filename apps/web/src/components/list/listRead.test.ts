import { describe, expect, it } from 'vitest';
import { deviceApi } from '@siteops/contracts/device/api';
import { userApi } from '@siteops/contracts/user/api';
import { listRead } from './listRead';

describe('a list page read started by the route loader', () => {
  it('asks for what the page will ask for: paging, sort and filters read from the address', () => {
    const read = listRead(userApi.listAll, () => ({ filters: ['userName', 'phone'] }));
    expect(read(new URLSearchParams('userName=ann&page=3&sortField=createdAt&sortOrder=desc&x=1'), 'info')).toEqual({
      endpoint: userApi.listAll,
      input: { page: 3, pageSize: 20, sortField: 'createdAt', sortOrder: 'desc', userName: 'ann' },
    });
  });

  it('drops a sort field the endpoint refuses, as the page does', () => {
    const read = listRead(userApi.listAll, () => ({ filters: [] }));
    expect(read(new URLSearchParams('sortField=password&sortOrder=asc'), 'info')?.input).toEqual({
      page: 1,
      pageSize: 20,
    });
  });

  it('lets the route name shape the input (a device type page fixes its type)', () => {
    const read = listRead(deviceApi.listAll, (routeName) => ({
      filters: ['sn'],
      fixed: { type: routeName === 'device-dust' ? 'dust' : undefined },
      defaultPageSize: 10,
    }));
    expect(read(new URLSearchParams('sn=A1'), 'device-dust')?.input).toEqual({
      page: 1,
      pageSize: 10,
      sn: 'A1',
      type: 'dust',
    });
  });

  it('starts nothing for a page that would not ask yet', () => {
    const read = listRead(userApi.listAll, () => ({ filters: [], enabled: false }));
    expect(read(new URLSearchParams(), 'info')).toBeUndefined();
  });
});
