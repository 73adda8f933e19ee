import { describe, expect, it } from 'vitest';
import { DEVICE_AGENT_FIELDS } from '@siteops/contracts/device/schemas';
import { editableFields, toUpdateBody } from './deviceEdit';

describe('device edit body', () => {
  it('an agent sends only the fields the server lets an agent change', () => {
    const body = toUpdateBody(
      7,
      { devName: 'Gate A', sn: 'SN-1', mac: 'AA:BB:CC:DD:EE:FF', installSite: '', remark: 'r', direction: 'in' },
      editableFields(false),
    );
    expect(Object.keys(body).sort()).toEqual(['id', ...DEVICE_AGENT_FIELDS].sort());
    expect(body).toMatchObject({ id: 7, devName: 'Gate A', installSite: '', direction: 'in' });
  });

  it('an admin clears emptied text fields and keeps a blank terminal password unchanged', () => {
    const body = toUpdateBody(
      3,
      { sn: 'SN-1', mac: 'aa-bb-cc-dd-ee-ff', type: 'face', allow: false },
      editableFields(true),
    );
    expect(body).toMatchObject({ id: 3, sn: 'SN-1', devName: '', ip: '', remark: '', allow: false, type: 'face' });
    expect(body).not.toHaveProperty('terminalPassword');
    expect(toUpdateBody(3, { terminalPassword: 's3cret' }, editableFields(true))).toHaveProperty(
      'terminalPassword',
      's3cret',
    );
  });
});
