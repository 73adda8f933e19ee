import { describe, expect, it } from 'vitest';
import dayjs from 'dayjs';
import type { AgentItem } from '@siteops/contracts/agent/schemas';
import { addAgentBody, updateAgentBody } from '@siteops/contracts/agent/schemas';
import { toAddAgentBody, toAgentFormValues, toUpdateAgentBody, type AgentFormValues } from './agentForm';

const values: AgentFormValues = {
  name: ' North ',
  linkName: 'Li',
  linkPhone: '13900139000',
  expDate: dayjs('2030-06-30'),
  status: 'valid',
  address: '',
  longitude: 116.4,
  latitude: undefined,
  'user.userName': 'north_admin',
  'user.password': '',
  'user.realName': 'Li Lei',
  'user.phone': '',
  'user.email': ' ',
  'user.remark': 'hello',
  'user.enabled': 'enable',
};

describe('agent form -> request bodies', () => {
  it('create: one body with the admin user; empty optional fields become null, which the server accepts', () => {
    const body = toAddAgentBody(values);
    expect(body).toMatchObject({
      name: 'North',
      expDate: '2030-06-30',
      address: null,
      longitude: 116.4,
      latitude: null,
      user: { userName: 'north_admin', realName: 'Li Lei', phone: null, email: null, remark: 'hello' },
    });
    expect(body.user).not.toHaveProperty('password');
    expect(addAgentBody.safeParse(body).success).toBe(true);
  });

  it('create with an initial password sends it', () => {
    expect(toAddAgentBody({ ...values, 'user.password': 'Abc@1234' }).user.password).toBe('Abc@1234');
  });

  it('edit by an agent leaves status and expiry out; by an admin sends them', () => {
    const own = toUpdateAgentBody(7, values, false);
    expect(own).not.toHaveProperty('status');
    expect(own).not.toHaveProperty('expDate');
    expect(own.user).not.toHaveProperty('userName');
    expect(updateAgentBody.safeParse(own).success).toBe(true);
    expect(toUpdateAgentBody(7, { ...values, status: 'invalid' }, true)).toMatchObject({
      status: 'invalid',
      expDate: '2030-06-30',
    });
  });

  it('a listed row fills the form back', () => {
    const row = {
      id: 1,
      name: 'N',
      linkName: 'L',
      linkPhone: '123456',
      expDate: '2031-01-02',
      status: 'invalid',
      expired: false,
      address: null,
      longitude: -10,
      latitude: 20,
      userCount: 1,
      user: {
        id: 2,
        userName: 'u1',
        realName: 'R',
        phone: null,
        email: null,
        address: null,
        remark: 'x',
        enabled: 'disable',
      },
      createdAt: '',
      updatedAt: '',
      createdId: null,
      updatedId: null,
    } satisfies AgentItem;
    const v = toAgentFormValues(row);
    expect(v.expDate.format('YYYY-MM-DD')).toBe('2031-01-02');
    expect(v['user.enabled']).toBe('disable');
    expect(v['user.remark']).toBe('x');
  });
});
