import { describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import { auditLog } from '../src/db/schema/index.ts';
import { rowsOf } from '../src/db/rows.ts';
import { recordAudit } from '../src/modules/audit/record.ts';
import { fileTestApp, undeclaredUrl } from './harness.ts';
import { uniq } from './fixtures.ts';
import { userApi } from '@siteops/contracts/user/api';
import { deviceApi } from '@siteops/contracts/device/api';
import { projectApi } from '@siteops/contracts/project/api';
import { fileApi } from '@siteops/contracts/file/api';
import { deviceLinkApi } from '@siteops/contracts/device-link/api';

/** Issue 10 section 1: bad input is a 400 naming the field, never a 500, and writes nothing. */

const { t, admin } = await fileTestApp();

const auditCount = async () =>
  rowsOf<{ n: number }>(await t.database.db.execute(sql`select count(*)::int as n from audit_log`))[0]!.n;

describe('text the database cannot store', () => {
  it('a NUL in the anonymous login is a 400 naming username', async () => {
    const res = await t.api(userApi.login, { username: 'a\u0000b', password: 'x' });
    expect(res.status, res.body.msg).toBe(400);
    expect(res.body.data.fields.username).toMatch(/NUL/);
  });

  it('a NUL in a list filter is a 400', async () => {
    const res = await t.api(deviceApi.listAll, { devName: '\u0000' }, admin);
    expect(res.status, res.body.msg).toBe(400);
    expect(res.body.data.fields.devName).toMatch(/NUL/);
  });

  it('a lone surrogate in a create is a 400 and writes nothing, audit included', async () => {
    const code = uniq('P-');
    const before = await auditCount();
    const res = await t.api(projectApi.add, { name: 'a\ud800', code }, admin);
    expect(res.status, res.body.msg).toBe(400);
    expect(res.body.data.fields.name).toMatch(/surrogate/);
    const list = await t.api(projectApi.listAll, { code }, admin);
    expect(list.body.data.total).toBe(0);
    expect(await auditCount()).toBe(before);
  });

  it('a surrogate pair (an emoji) is text like any other', async () => {
    const res = await t.api(projectApi.add, { name: 'site 🏗️', code: uniq('P-') }, admin);
    expect(res.status, res.body.msg).toBe(200);
  });

  it('the audit log keeps a row whatever text it is given (jsonb never refuses)', async () => {
    const request = { ip: '127.0.0.1', auth: undefined } as unknown as FastifyRequest;
    const id = await recordAudit(t.database.db, request, {
      action: 'user.update',
      targetId: 'x\u0000y',
      detail: { text: 'a\u0000b\ud800', ['k\udc00']: ['\ud800'] },
      actor: { id: null, name: 'n\u0000' },
    });
    const [row] = await t.database.db.select().from(auditLog).where(eq(auditLog.id, id));
    expect(row?.targetId).toBe('x\uFFFDy');
    expect(row?.detail).toEqual({ text: 'a\uFFFDb\uFFFD', ['k\uFFFD']: ['\uFFFD'] });
  });
});

describe('ids are PostgreSQL integers', () => {
  it(`${userApi.detail.method} ${userApi.detail.path}?id=2147483648 is a 400; 2147483647 is a 404`, async () => {
    const big = await t.api(userApi.detail, { id: '2147483648' }, admin);
    expect(big.status, big.body.msg).toBe(400);
    expect(big.body.data.fields.id).toMatch(/2147483647/);
    const max = await t.api(userApi.detail, { id: '2147483647' }, admin);
    expect(max.status, max.body.msg).toBe(404);
  });

  it(`${deviceApi.delete.method} ${deviceApi.delete.path} {"ids":[2147483648]} is a 400`, async () => {
    const res = await t.api(deviceApi.delete, { ids: [2147483648] }, admin);
    expect(res.status, res.body.msg).toBe(400);
  });

  it('a JSON id must be a number: {"id": true} does not reset user 1', async () => {
    const res = await t.api.unchecked(userApi.resetPasswd, { id: true }, admin);
    expect(res.status, res.body.msg).toBe(400);
    expect((await t.api(userApi.info, {}, admin)).status).toBe(200);
  });

  it('the OpenAPI document bounds ids to 1..2147483647', () => {
    const doc = t.app.swagger() as unknown as {
      paths: Record<string, Record<string, { parameters?: { name: string; schema: object }[]; requestBody?: unknown }>>;
    };
    const detailId = doc.paths[userApi.detail.path]!.get!.parameters!.find((p) => p.name === 'id')!.schema;
    expect(detailId).toMatchObject({ type: 'integer', minimum: 1, maximum: 2147483647 });
    const deleteBody = JSON.stringify(doc.paths[deviceApi.delete.path]!.delete!.requestBody);
    expect(deleteBody).toContain('"maximum":2147483647');
    expect(deleteBody).not.toContain('9007199254740991');
  });
});

describe('filters take LIKE metacharacters literally', () => {
  it('% _ and \\ in a "contains" filter match only themselves', async () => {
    const tag = uniq('L');
    const names = [`${tag} 100%`, `${tag} a_b`, `${tag} c\\d`, `${tag} plain`];
    for (const name of names) {
      const res = await t.api(projectApi.add, { name, code: uniq('P-') }, admin);
      expect(res.status, res.body.msg).toBe(200);
    }
    const find = async (q: string) => {
      const res = await t.api(projectApi.listAll, { pageSize: 50, name: q }, admin);
      expect(res.status, res.body.msg).toBe(200);
      return (res.body.data.list as { name: string }[]).map((p) => p.name).filter((n) => n.startsWith(tag));
    };
    expect(await find(`${tag} %`)).toEqual([]);
    expect(await find('%')).toEqual([`${tag} 100%`]);
    expect(await find('_')).toEqual([`${tag} a_b`]);
    expect(await find('\\')).toEqual([`${tag} c\\d`]);
  });
});

describe('malformed requests', () => {
  it('a URL that cannot be decoded is a 400 envelope', async () => {
    // Escapes that cannot be decoded, which no declaration can make: sent as written.
    for (const url of [undeclaredUrl('%E0%A4%A'), deviceLinkApi.latest.path.replace(':id', '%FF%FE')]) {
      const res = await t.call({ method: 'GET', url, token: admin });
      expect(res.status, url).toBe(400);
      expect(res.body).toMatchObject({ code: 40000, msg: 'Malformed URL', data: null });
    }
  });

  it(`a malformed multipart body on ${fileApi.upload.path} is a 400 envelope`, async () => {
    const boundary = '----broken';
    for (const [payload, type] of [
      [`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="a.png"\r\n\r\n\x89PNG`, boundary],
      ['x', ''],
    ] as const) {
      const res = await t.api.raw(
        fileApi.upload,
        { contentType: `multipart/form-data${type ? `; boundary=${type}` : ''}`, payload },
        { kind: 'avatar' },
        admin,
      );
      expect(res.status, res.body.msg).toBe(400);
      expect(res.body.code).toBe(40000);
    }
  });
});
