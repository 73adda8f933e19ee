import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { Pii } from '../../crypto/pii.ts';
import { auditChanges, decrypted, MAX_VALUE_CHARS } from './changes.ts';

describe('auditChanges: what an update really changed', () => {
  it('lists only the fields whose value differs, before and after, in the order written', () => {
    const before = { devName: 'Gate 1', ip: '10.0.0.1', remark: null, allow: true };
    expect(auditChanges(before, { ip: '10.0.0.1', remark: 'north', devName: 'Gate 2', allow: true })).toEqual([
      { field: 'remark', before: null, after: 'north' },
      { field: 'devName', before: 'Gate 1', after: 'Gate 2' },
    ]);
  });

  it('leaves out what is not a column of the row, bookkeeping and values not sent', () => {
    const before = { name: 'a', updatedAt: new Date(0), updatedId: 1, idNoHash: 'h1' };
    const written = { name: 'a', other: 'x', updatedAt: new Date(), updatedId: 2, idNoHash: 'h2', remark: undefined };
    expect(auditChanges(before, written)).toEqual([]);
  });

  it('masks personal data on both sides: ID, card and phone numbers, emails', () => {
    const before = { phone: '13800001111', idNo: '44030619851230123X', email: 'li.lei@example.com', bankCardNo: null };
    const written = {
      phone: '13900002222',
      idNo: '110101199003074518',
      email: 'han.mei@example.com',
      bankCardNo: '6222020200112233445',
    };
    const changes = auditChanges(before, written);
    expect(changes).toEqual([
      { field: 'phone', before: '138****1111', after: '139****2222' },
      { field: 'idNo', before: '440***********123X', after: '110***********4518' },
      { field: 'email', before: 'li.***********.com', after: 'han************.com' },
      { field: 'bankCardNo', before: null, after: '622************3445' },
    ]);
    const json = JSON.stringify(changes);
    for (const plain of [...Object.values(before), ...Object.values(written)]) {
      if (plain) expect(json).not.toContain(plain);
    }
  });

  it('names a password or secret written, never its value (not even masked)', () => {
    const before = { terminalPassword: 'v1.cipher', hj212Pw: null, secret: 's', devName: 'x' };
    const written = { terminalPassword: 'Sup3rSecret!', hj212Pw: '123456', secret: 's' };
    const changes = auditChanges(before, written);
    expect(changes).toEqual([
      { field: 'terminalPassword', redacted: true },
      { field: 'hj212Pw', redacted: true },
      { field: 'secret', redacted: true },
    ]);
    expect(JSON.stringify(changes)).not.toMatch(/Sup3r|123456|cipher/);
  });

  it('compares dates, numbers read as text and JSON by value', () => {
    const at = new Date('2026-11-01T08:00:00.000Z');
    const before = { visitStart: at, fee: '12.50', condition: { op: '>', value: 80, metric: 'pm25' }, tags: ['a'] };
    const written = {
      visitStart: '2026-11-01T16:00:00+08:00',
      fee: 12.5,
      condition: { metric: 'pm25', op: '>', value: 80 },
      tags: ['a'],
    };
    expect(auditChanges(before, written)).toEqual([]);
    expect(auditChanges(before, { visitStart: new Date('2026-11-02T08:00:00Z') })).toEqual([
      { field: 'visitStart', before: '2026-11-01T08:00:00.000Z', after: '2026-11-02T08:00:00.000Z' },
    ]);
  });

  it('goes into objects field by field, named by their path, masking as each name says', () => {
    const before = { name: 'Acme', user: { phone: '13800001111', realName: 'Li' }, condition: null };
    const written = {
      user: { phone: '13900002222', realName: 'Li', password: 'x' },
      condition: { metric: 'pm25', value: 80 },
    };
    expect(auditChanges(before, written)).toEqual([
      { field: 'user.phone', before: '138****1111', after: '139****2222' },
      { field: 'user.password', redacted: true },
      { field: 'condition.metric', before: null, after: 'pm25' },
      { field: 'condition.value', before: null, after: 80 },
    ]);
  });

  it('cuts long values and knows no changes when the row is gone', () => {
    const long = 'x'.repeat(MAX_VALUE_CHARS + 50);
    const [change] = auditChanges({ remark: null }, { remark: long });
    expect(change).toEqual({ field: 'remark', before: null, after: `${'x'.repeat(MAX_VALUE_CHARS)}…` });
    expect(auditChanges(undefined, { remark: 'x' })).toEqual([]);
  });
});

describe('decrypted: the stored row in clear for the comparison', () => {
  const pii = new Pii(randomBytes(32));

  it('decrypts the named columns; one it cannot read shows as masked, so as changed', () => {
    const other = new Pii(randomBytes(32));
    const row = {
      idNo: pii.encrypt('44030619851230123X', 'users.id_no'),
      cardNo: other.encrypt('6222020200112233445', 'users.card_no'),
      realName: 'Li',
    };
    const plain = decrypted(pii, row, { idNo: 'users.id_no', cardNo: 'users.card_no' });
    expect(plain).toEqual({ idNo: '44030619851230123X', cardNo: '********', realName: 'Li' });
    expect(auditChanges(plain, { idNo: '44030619851230123X', cardNo: '6222020200112233445' })).toEqual([
      { field: 'cardNo', before: '********', after: '622************3445' },
    ]);
    expect(decrypted(pii, undefined, { idNo: 'users.id_no' })).toBeUndefined();
  });
});
