import { describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import type { AiStreamApplyItem, AiStreamReadItem } from '@siteops/contracts/ai-stream/schemas';
import { auditLog } from '../../db/schema/index.ts';
import { createAgent, createSignedInUser } from '../../../test/fixtures.ts';
import { startLinkApp } from '../device-link/testkit.ts';
import { fileApp } from '../../../test/harness.ts';

/**
 * The stream settings form's server side against real simulated AI boxes over the device link: what
 * the boxes report, what a push changes on them, a box's own refusal, an offline box, and that
 * nothing reaches a device on a request that is invalid or names a device outside the caller's scope.
 */
const { t, admin } = await fileApp(() => startLinkApp());
const agentA = await createAgent(t, admin);
const agentB = await createAgent(t, admin);

async function linkedBox(agentId: number | null = null) {
  const d = await t.addDevice({ type: 'aiBox', agentId });
  const sim = t.sim(d);
  await sim.waitFor('up', 10_000);
  return { ...d, sim };
}
const post = (url: string, token: string, body: object, lang?: string) =>
  t.call({ method: 'POST', url, token, body, headers: lang ? { 'accept-language': lang } : undefined });
const read = (token: string, ids: number[], lang?: string) => post('/api/aiStream/read', token, { ids }, lang);
const apply = (token: string, ids: number[], settings: object) => post('/api/aiStream/apply', token, { ids, settings });
const rows = <T>(res: { body: { data: { list: T[] } } }) => res.body.data.list;
const configOf = async (box: { id: number }) => rows<AiStreamReadItem>(await read(admin, [box.id]))[0].settings;

describe('read', () => {
  it('answers each box: the settings it reports, or offline with the reason in the caller language', async () => {
    const online = await linkedBox();
    const offline = await t.addDevice({ type: 'aiBox' });
    const res = await read(admin, [online.id, offline.id]);
    expect(res.body.code, res.body.msg).toBe(200);
    const [a, b] = rows<AiStreamReadItem>(res);
    expect(a).toMatchObject({
      id: online.id,
      sn: online.sn,
      outcome: 'read',
      reason: null,
      settings: {
        liveMethod: 'normal',
        resolution: '1920x1080',
        frameRate: 25,
        bitRate: 1024,
        detectHelmet: true,
        detectVest: true,
        detectIntrusion: false,
      },
    });
    expect(b).toMatchObject({ id: offline.id, outcome: 'offline', reason: 'The device is offline', settings: null });
    const zh = rows<AiStreamReadItem>(await read(admin, [offline.id], 'zh-CN'))[0];
    expect(zh.reason).toMatch(/[\u4e00-\u9fff]/);
  });
});

describe('apply', () => {
  it('changes only the settings sent on the box, reports them per device, and audits each device', async () => {
    const box = await linkedBox();
    const offline = await t.addDevice({ type: 'aiBox' });
    const res = await apply(admin, [box.id, offline.id], { frameRate: 15, bitRate: 800, detectIntrusion: true });
    expect(res.body.code, res.body.msg).toBe(200);
    const [a, b] = rows<AiStreamApplyItem>(res);
    expect(a).toMatchObject({ id: box.id, outcome: 'applied', reason: null });
    expect(a.changed.sort()).toEqual(['bitRate', 'detectIntrusion', 'frameRate']);
    expect(a.settings).toMatchObject({ frameRate: 15, bitRate: 800, detectIntrusion: true, resolution: '1920x1080' });
    expect(b).toMatchObject({ id: offline.id, outcome: 'offline', changed: [], settings: null });
    expect(await configOf(box)).toMatchObject({
      frameRate: 15,
      bitRate: 800,
      detectIntrusion: true,
      liveMethod: 'normal',
    });

    const audits = await t.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'aiStream.apply'), eq(auditLog.targetType, 'device')));
    const mine = audits.filter((r) => [String(box.id), String(offline.id)].includes(String(r.targetId)));
    expect(mine.map((r) => (r.detail as { outcome: string }).outcome).sort()).toEqual(['applied', 'offline']);

    // The same push again changes nothing: applied, with no changed keys.
    const again = rows<AiStreamApplyItem>(await apply(admin, [box.id], { frameRate: 15 }))[0];
    expect(again).toMatchObject({ outcome: 'applied', changed: [] });
  });

  it("a box's own refusal is its row's reason, and the box is left as it was", async () => {
    const box = await linkedBox();
    // 30 fps is in the spec's range, but this camera does at most 25 at 1920x1080.
    const [row] = rows<AiStreamApplyItem>(await apply(admin, [box.id], { frameRate: 30, bitRate: 1500 }));
    expect(row).toMatchObject({ outcome: 'refused', changed: [], settings: null });
    expect(row.reason).toContain('25 fps');
    expect(await configOf(box)).toMatchObject({ frameRate: 25, bitRate: 1024 });
    // At a lower resolution the same rate is taken.
    const ok = rows<AiStreamApplyItem>(await apply(admin, [box.id], { frameRate: 30, resolution: '1280x720' }))[0];
    expect(ok).toMatchObject({ outcome: 'applied', settings: { frameRate: 30, resolution: '1280x720' } });
  });

  it.each([
    ['frameRate', { frameRate: 0 }],
    ['frameRate', { frameRate: 31 }],
    ['frameRate', { frameRate: 12.5 }],
    ['bitRate', { bitRate: 149 }],
    ['bitRate', { bitRate: 1801 }],
    ['liveMethod', { liveMethod: 'hdmi' }],
    ['resolution', { resolution: '4k' }],
    ['detectHelmet', { detectHelmet: 'yes' }],
  ])('%s out of range (%j) is a 400 on the field; no device is asked', async (field, settings) => {
    const box = await linkedBox();
    const before = box.sim.counters.rpcs;
    const res = await apply(admin, [box.id], settings);
    expect(res.status).toBe(400);
    expect(Object.keys(res.body.data.fields).join()).toContain(field);
    expect(box.sim.counters.rpcs).toBe(before);
  });

  it('nothing to change is a 400', async () => {
    const box = await linkedBox();
    expect((await apply(admin, [box.id], {})).status).toBe(400);
    expect((await apply(admin, [], { frameRate: 10 })).status).toBe(400);
  });

  it('a field error is in the caller language', async () => {
    const box = await linkedBox();
    const res = await post('/api/aiStream/apply', admin, { ids: [box.id], settings: { bitRate: 5000 } }, 'zh-CN');
    expect(JSON.stringify(res.body.data.fields)).toContain('150 到 1800');
  });
});

describe('scope', () => {
  it('an agent reaches its own AI boxes; another agent’s box, or a device that is not an AI box, is 404 and is not asked', async () => {
    const mine = await linkedBox(agentA.id);
    const theirs = await linkedBox(agentB.id);
    const face = await t.addDevice({ type: 'face', agentId: agentA.id });
    expect(rows<AiStreamReadItem>(await read(agentA.token, [mine.id]))[0].outcome).toBe('read');
    const before = theirs.sim.counters.rpcs;
    for (const ids of [[theirs.id], [mine.id, theirs.id], [face.id]]) {
      expect((await read(agentA.token, ids)).status).toBe(404);
      expect((await apply(agentA.token, ids, { frameRate: 10 })).status).toBe(404);
    }
    expect(theirs.sim.counters.rpcs).toBe(before);
    expect(await configOf(mine)).toMatchObject({ frameRate: 25 });
  });

  it('managers and users are refused (403)', async () => {
    const box = await linkedBox();
    const [, token] = await createSignedInUser(t, admin, { role: 'manager' });
    expect((await read(token, [box.id])).status).toBe(403);
    expect((await apply(token, [box.id], { frameRate: 10 })).status).toBe(403);
  });
});
