import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { buildApp } from '../../app.ts';
import { loadConfig } from '../../config.ts';
import { KeyError } from '../../crypto/keys.ts';
import { createTestApp, queryOf, type TestApp } from '../../../test/harness.ts';
import { createAgent, createUser } from '../../../test/fixtures.ts';
import { auditLog, users } from '../../db/schema/index.ts';
import { userApi } from '@siteops/contracts/user/api';

const PII_KEY = '0f'.repeat(32);
const ID_NO = '11010519900101123X';
const CARD_NO = '6222020200112233445';

let t: TestApp;
let admin: string;
let agent: Awaited<ReturnType<typeof createAgent>>;
let subject: { id: number };

beforeAll(async () => {
  t = await createTestApp({ PII_KEY });
  admin = await t.login();
  agent = await createAgent(t, admin);
  subject = await createUser(t, agent.token, { idNo: ' 110105 19900101 123x ', cardNo: '6222 0202 0011 2233 445' });
});
afterAll(() => t.close());

const detail = (query: string, token = admin) => t.api.unchecked(userApi.detail, queryOf(query), token);

describe('PII at rest', () => {
  it('the raw columns hold neither the ID number nor the card number, nor any 6 digits of them', async () => {
    const result = await t.database.db.execute(
      sql`select id_no, card_no, id_no_hash from users where id = ${subject.id}`,
    );
    const row = ((result as unknown as { rows: Record<string, string>[] }).rows ?? result)[0] as Record<string, string>;
    expect(row.id_no).toMatch(/^v1\./);
    expect(row.card_no).toMatch(/^v1\./);
    const raw = JSON.stringify(row);
    for (const secret of [ID_NO, CARD_NO, '19900101', '2233445', ID_NO.toLowerCase()])
      expect(raw).not.toContain(secret);
    expect(row.id_no_hash).toMatch(/^[0-9a-f]{64}$/);
  });

  it('the audit log never holds them either, only masked', async () => {
    const rows = await t.database.db.select().from(auditLog);
    const dump = JSON.stringify(rows);
    expect(dump).not.toContain(ID_NO);
    expect(dump).not.toContain(CARD_NO);
    expect(dump).toContain('110***********123X');
  });
});

describe('PII on the way out', () => {
  it('lists show them masked: first 3 and last 4 characters', async () => {
    const res = await t.api(userApi.listAll, { pageSize: 200 }, admin);
    const row = res.body.data.list.find((u: { id: number }) => u.id === subject.id);
    expect(row.idNo).toBe('110***********123X');
    expect(row.cardNo).toBe('622************3445');
  });

  it('detail shows them masked unless an admin asks to reveal', async () => {
    const masked = await detail(`id=${subject.id}`);
    expect(masked.body.data).toMatchObject({ idNo: '110***********123X', revealed: false });
    const full = await detail(`id=${subject.id}&reveal=1`);
    expect(full.body.data).toMatchObject({ idNo: ID_NO, cardNo: CARD_NO, revealed: true });
  });

  it('the reveal is audited, naming the fields but not the values', async () => {
    await detail(`id=${subject.id}&reveal=1`);
    const rows = await t.database.db.select().from(auditLog).where(eq(auditLog.action, 'user.reveal'));
    const mine = rows.filter((r) => r.targetId === String(subject.id));
    expect(mine.length).toBeGreaterThan(0);
    expect(mine[0]).toMatchObject({ actorName: 'admin', targetType: 'user' });
    expect(JSON.stringify(mine)).not.toContain(ID_NO);
  });

  it('a non-admin asking to reveal gets 403; without reveal, masked', async () => {
    const res = await detail(`id=${subject.id}&reveal=1`, agent.token);
    expect(res.status).toBe(403);
    expect(JSON.stringify(res.body)).not.toContain(ID_NO);
    const plain = await detail(`id=${subject.id}`, agent.token);
    expect(plain.body.data.idNo).toBe('110***********123X');
  });
});

describe('exact search by ID number', () => {
  it('finds the user through the keyed hash, however the number is spaced or cased', async () => {
    for (const q of [ID_NO, '110105 19900101 123x']) {
      const res = await t.api(userApi.listAll, { idNo: q }, admin);
      expect(res.body.data.list.map((u: { id: number }) => u.id)).toEqual([subject.id]);
    }
  });

  it('is exact: a part of the number finds nothing', async () => {
    const res = await t.api.unchecked(userApi.listAll, { idNo: 110105 }, admin);
    expect(res.body.data.total).toBe(0);
  });

  it('follows an update of the number', async () => {
    const other = await createUser(t, admin);
    await t.api(userApi.update, { id: other.id, idNo: '44030619851230000Y' }, admin);
    const res = await t.api(userApi.listAll, { idNo: '44030619851230000Y' }, admin);
    expect(res.body.data.list.map((u: { id: number }) => u.id)).toEqual([other.id]);
  });
});

describe('the key', () => {
  it('a server with another key refuses to start on this database', async () => {
    const config = loadConfig({ DATA_DIR: '.tmp/unused', LOG_LEVEL: 'silent', PII_KEY: '1e'.repeat(32) });
    await expect(buildApp({ config, db: t.database.db, logger: false })).rejects.toThrow(KeyError);
  });

  it('rows written under the key stay readable by a server with the same key', async () => {
    const config = loadConfig({ DATA_DIR: '.tmp/unused', LOG_LEVEL: 'silent', PII_KEY });
    const again = await buildApp({ config, db: t.database.db, logger: false });
    const [row] = await t.database.db.select().from(users).where(eq(users.id, subject.id));
    expect(row.idNo).toBeTruthy();
    await again.close();
  });
});
