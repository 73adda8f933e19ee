import { describe, expect, it } from 'vitest';
import { filtersFromParams } from './deviceFilters';

describe('device list filters from the URL', () => {
  it('reads every filter the form writes', () => {
    const params = new URLSearchParams(
      'devName=gate&sn=SN&mac=aa:bb&ip=10.0&type=face&agentId=3&projectId=9&authStatus=forbidden&onlineStatus=online&factoryName=ACME&version=1.2&addedFrom=2026-01-01&addedTo=2026-02-01',
    );
    expect(filtersFromParams(params)).toEqual({
      devName: 'gate',
      sn: 'SN',
      mac: 'aa:bb',
      ip: '10.0',
      type: 'face',
      agentId: 3,
      projectId: 9,
      authStatus: 'forbidden',
      onlineStatus: 'online',
      factoryName: 'ACME',
      version: '1.2',
      addedFrom: '2026-01-01',
      addedTo: '2026-02-01',
    });
  });

  it('drops hand-edited bad values instead of sending them, and the route type wins', () => {
    const params = new URLSearchParams('type=toaster&agentId=-1&projectId=x&authStatus=maybe&addedFrom=yesterday');
    expect(filtersFromParams(params)).toEqual({});
    expect(filtersFromParams(new URLSearchParams('type=face'), 'plate')).toEqual({ type: 'plate' });
  });
});
