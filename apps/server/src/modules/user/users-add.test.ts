import { describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import {
  CULTURE_LEVELS,
  POLITICS,
  SEX,
  USER_ACCOUNT_FIELDS,
  USER_PERSONAL_INFO_FIELDS,
} from '@siteops/contracts/user/schemas';
import { expectFieldError } from '../../../test/harness.ts';
import { createUser, uniq, uploadId, userBody } from '../../../test/fixtures.ts';
import { fileUsersApp } from '../../../test/userApi.ts';
import { files, users } from '../../db/schema/index.ts';
import { userApi } from '@siteops/contracts/user/api';

const { t, admin, a, add, update } = await fileUsersApp();

describe('user add: the personal-info form of spec 5', () => {
  // Behaviour changed (issue 33, decision 0024): only the account's fields are required on add; the
  // personal info is completed later, so its absence no longer answers 400.
  it.each(USER_ACCOUNT_FIELDS)('without %s answers 400 naming it', async (field) => {
    const body: Record<string, unknown> = await userBody(t, admin);
    delete body[field];
    const res = await add(body);
    expect(res.status).toBe(400);
    expect(res.body.code).toBe(40000);
    expect(res.body.data.fields).toHaveProperty([field]);
  });

  it('creates an account without the personal info (name, account, role only)', async () => {
    const full: Record<string, unknown> = await userBody(t, admin);
    const body = Object.fromEntries(
      Object.entries(full).filter(([k]) => !USER_PERSONAL_INFO_FIELDS.includes(k as never)),
    );
    expect(Object.keys(body).sort()).toEqual(['password', 'realName', 'role', 'userName']);
    const res = await add(body);
    expect(res.body.code, res.body.msg).toBe(200);
    const [row] = await t.database.db
      .select()
      .from(users)
      .where(eq(users.id, res.body.data.id as number));
    expect(row.realName).toBe('Zhang San');
    for (const field of ['qrCode', 'idNo', 'idFrontPic', 'idBackPic', 'cardNo', 'cardPic', 'phone'] as const) {
      expect(row[field]).toBeNull();
    }
  });

  it.each(USER_PERSONAL_INFO_FIELDS)('without %s still creates the account', async (field) => {
    const body: Record<string, unknown> = await userBody(t, admin);
    delete body[field];
    expect((await add(body)).body.code).toBe(200);
  });

  it.each([['realName'], ['nickName'], ['nation'], ['country'], ['area'], ['bankName']])(
    'an empty %s answers 400 naming it',
    async (field) => {
      const res = await add(await userBody(t, admin, { [field]: '   ' }));
      expect(res.status).toBe(400);
      expect(res.body.data.fields[field]).toMatch(/cannot be empty/);
    },
  );

  it('introduction: 200 characters pass, 201 are refused naming it', async () => {
    expect((await add(await userBody(t, admin, { introduction: 'x'.repeat(200) }))).status).toBe(200);
    const res = await add(await userBody(t, admin, { introduction: 'x'.repeat(201) }));
    expectFieldError(res, 'introduction');
  });

  it.each([
    ['sex', 'other'],
    ['politics', 'anarchist'],
    ['cultureLevel', 'kindergarten'],
    ['role', 'root'],
    ['email', 'not-an-email'],
    ['phone', 'call me maybe'],
    ['birthday', '1990-13-01'],
    ['birthday', '2999-01-01'],
    ['idNo', '110***********123X'],
    ['idNo', 'short'],
    ['cardNo', '6222 **** 3445'],
    ['qrCode', 'not-a-file-id'],
    ['userName', 'has space'],
    ['password', 'weakpass'],
  ])('refuses %s = %j with 400 naming it', async (field, value) => {
    const res = await add(await userBody(t, admin, { [field]: value }));
    expectFieldError(res, [field]);
  });

  it('accepts exactly the option codes of spec 3 for sex, politics and culture level', async () => {
    const { id } = await createUser(t, admin);
    for (const sex of SEX) expect((await update({ id, sex })).status).toBe(200);
    for (const politics of POLITICS) expect((await update({ id, politics })).status).toBe(200);
    for (const cultureLevel of CULTURE_LEVELS) expect((await update({ id, cultureLevel })).status).toBe(200);
    expect(SEX).toHaveLength(2);
    expect(POLITICS).toHaveLength(5);
    expect(CULTURE_LEVELS).toHaveLength(9);
  });

  it('refuses an image uploaded by someone else, or of another kind, and writes nothing', async () => {
    const othersQr = await uploadId(t, a.token, 'qrCode');
    const userName = uniq('img');
    let res = await add(await userBody(t, admin, { userName, qrCode: othersQr }));
    expectFieldError(res, 'qrCode');
    const front = await uploadId(t, admin, 'idFront');
    res = await add(await userBody(t, admin, { userName, qrCode: front }));
    expect(res.status).toBe(400);
    expect(await t.database.db.select().from(users).where(eq(users.userName, userName))).toHaveLength(0);
  });

  it('hands the images to the new user', async () => {
    const body = await userBody(t, admin);
    const res = await add(body);
    const [file] = await t.database.db.select().from(files).where(eq(files.id, body.qrCode));
    expect(file.ownerId).toBe(res.body.data.id);
  });

  it('without a password gives a one-time one (in the answer) and requires a change at first login', async () => {
    const body: Record<string, unknown> = await userBody(t, admin);
    delete body.password;
    const added = await add(body);
    expect(added.status).toBe(200);
    const login = await t.api.unchecked(userApi.login, {
      username: body.userName,
      password: added.body.data.oneTimePassword,
    });
    expect(login.body.data.mustChangePassword).toBe(true);
  });

  it('role agent needs an agentId (admin), an unknown agentId is 400', async () => {
    expect((await add(await userBody(t, admin, { role: 'agent' }))).body.data.fields).toHaveProperty('agentId');
    expect((await add(await userBody(t, admin, { agentId: 987654 }))).body.data.fields).toHaveProperty('agentId');
    expect((await add(await userBody(t, admin, { role: 'agent', agentId: a.id }))).status).toBe(200);
  });
});
