import { beforeAll, describe, expect, it } from 'vitest';
import { fileTestApp, injectOf, injectOfUnchecked, rawBody, undeclaredUrl, type TestApp } from '../../test/harness.ts';
import { createUser, uniq } from '../../test/fixtures.ts';
import { constantApi } from '@siteops/contracts/constant/api';
import { userApi } from '@siteops/contracts/user/api';

/**
 * docs/decisions/0011: the server answers in the request's language. The console sends its locale as
 * Accept-Language; a caller that sends none (curl, a device maker's script) gets English.
 */
const { t, admin } = await fileTestApp();
let user: { userName: string; password: string };
let userToken: string;

beforeAll(async () => {
  user = await createUser(t, admin);
  userToken = await t.login(user.userName, user.password);
});

const ZH = { 'accept-language': 'zh-CN' };
const CJK = /[\u3400-\u9fff]/;

/** The same request without a language and in Chinese. */
async function both(opts: Parameters<TestApp['call']>[0]) {
  const en = await t.call(opts);
  const zh = await t.call({ ...opts, headers: { ...opts.headers, ...ZH } });
  expect(zh.status).toBe(en.status);
  expect(zh.body.code).toBe(en.body.code);
  return { status: en.status, en: en.body, zh: zh.body };
}

describe('server messages in the request language', () => {
  it('a failed login', async () => {
    const { en, zh } = await both(injectOf(userApi.login, { username: user.userName, password: 'Wrong@1234' }));
    expect(en.msg).toBe('Incorrect username or password');
    expect(zh.msg).toBe('用户名或密码错误');
  });

  it('a duplicate key (409), naming the key', async () => {
    const key = uniq('lang.dup.');
    const body = { key, value: 'v' };
    expect((await t.api(constantApi.add, body, admin)).status).toBe(200);
    const { en, zh } = await both(injectOf(constantApi.add, body, admin));
    expect(en.msg).toBe(`The key ${key} already exists`);
    expect(zh.msg).toBe(`键 ${key} 已存在`);
    expect(zh.data).toEqual({ field: 'key' });
  });

  it('a refused role (403)', async () => {
    const { en, zh } = await both(injectOf(constantApi.listAll, {}, userToken));
    expect(en.msg).toBe('Access to this resource on the server is denied');
    expect(zh.msg).toBe('无权访问该资源');
  });

  it('a missing row (404) and an unknown route', async () => {
    const row = await both(injectOf(constantApi.detail, { id: 2000000000 }, admin));
    expect(row.en.msg).toBe('Constant not found');
    expect(row.zh.msg).toBe('常量不存在');
    const unknown = undeclaredUrl('no-such-thing');
    const route = await both({ method: 'GET', url: unknown });
    expect(route.en.msg).toBe(`No route GET ${unknown}`);
    expect(route.zh.msg).toBe(`没有这个接口：GET ${unknown}`);
  });

  it('field errors from zod, ours and zod’s own, beside each field', async () => {
    const { en, zh } = await both(
      injectOfUnchecked(constantApi.add, { key: 'bad key!', value: 5, remark: 'r'.repeat(300) }, admin),
    );
    expect(en.data.fields).toEqual({
      key: 'key must be 1-128 letters, digits or _ . : -',
      value: 'value must be text',
      remark: 'remark is at most 256 characters',
    });
    expect(zh.data.fields).toEqual({
      key: '键 必须是 1-128 位字母、数字或 _ . : -',
      value: '值 必须是文本',
      remark: '备注 最多 256 个字符',
    });
    expect(en.msg).toBe('key: key must be 1-128 letters, digits or _ . : -');
    expect(zh.msg).toBe('键：键 必须是 1-128 位字母、数字或 _ . : -');
    // zod's own message (no custom one on this schema): its zh-CN locale.
    const page = await both(injectOfUnchecked(constantApi.listAll, { pageSize: 'abc' }, admin));
    expect(page.en.data.fields.pageSize).not.toMatch(CJK);
    expect(page.zh.data.fields.pageSize).toMatch(CJK);
  });

  it('a malformed body', async () => {
    const json = await both({
      method: 'POST',
      url: userApi.login.path,
      ...rawBody('application/json', '{"username":'),
    });
    expect(json.en.msg).toBe('Malformed JSON body');
    expect(json.zh.msg).toBe('请求体不是有效的 JSON');
    const empty = await both({ method: 'POST', url: userApi.login.path, ...rawBody('application/json', '') });
    expect(empty.en.msg).toBe('The JSON body is empty');
    expect(empty.zh.msg).toBe('JSON 请求体为空');
    const media = await both({ method: 'POST', url: userApi.login.path, ...rawBody('text/x-nothing', 'x') });
    expect(media.status).toBe(415);
    expect(media.zh.msg).toBe('不支持的内容类型');
  });

  it('English for a language the server does not speak, Chinese for any zh', async () => {
    const call = (lang: string) =>
      t.api(constantApi.listAll, {}, { token: userToken, headers: { 'accept-language': lang } });
    expect((await call('fr-FR,fr;q=0.9')).body.msg).toBe('Access to this resource on the server is denied');
    expect((await call('zh-TW')).body.msg).toBe('无权访问该资源');
  });
});
