import { describe, expect, it } from 'vitest';
import { and, eq, sql } from 'drizzle-orm';
import { auditLog } from '../../db/schema/index.ts';
import { fileApp } from '../../../test/harness.ts';
import { startLinkApp } from './testkit.ts';
import { deviceLinkApi } from '@siteops/contracts/device-link/api';

/** Issue 10: a device command never runs without its audit record. */

const { t, admin } = await fileApp(() => startLinkApp());

async function linkedSpeaker() {
  const d = await t.addDevice({ type: 'broadcast' });
  const sim = t.sim(d);
  await sim.waitFor('up', 10_000);
  const rpcs: string[] = [];
  sim.on('rpc', ({ method }: { method: string }) => rpcs.push(method));
  return { ...d, sim, rpcs };
}

const auditOf = (action: string, deviceId: number) =>
  t.database.db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.action, action), eq(auditLog.targetId, String(deviceId))));

describe('device commands and their audit', () => {
  it('the audit row exists before the device acts, and then holds the outcome', async () => {
    const d = await linkedSpeaker();
    let seenByDevice: unknown[] | undefined;
    d.sim.once('rpc', () => {
      void auditOf('device.reboot', d.id).then((rows) => (seenByDevice = rows.map((r) => r.detail)));
    });
    const res = await t.api(deviceLinkApi.reboot, { id: d.id }, admin);
    expect(res.status, res.body.msg).toBe(200);
    await expect.poll(() => seenByDevice).toBeDefined();
    expect(seenByDevice).toEqual([expect.objectContaining({ sn: d.sn })]);
    const [row] = await auditOf('device.reboot', d.id);
    expect(row?.detail).toMatchObject({ sn: d.sn, outcome: 'ok' });
  });

  it('a command whose audit row cannot be written is not sent to the device', async () => {
    const d = await linkedSpeaker();
    await t.database.db.execute(
      sql.raw(`create or replace function refuse_audit() returns trigger language plpgsql as $$
        begin raise exception 'audit refused'; end $$`),
    );
    await t.database.db.execute(
      sql.raw(`create trigger refuse_audit before insert on audit_log for each row
        when (new.action = 'device.config.get') execute function refuse_audit()`),
    );
    try {
      const res = await t.api(deviceLinkApi.configGet, { id: d.id }, admin);
      expect(res.status).toBe(500);
      await new Promise((r) => setTimeout(r, 300));
      expect(d.rpcs).not.toContain('config.get');
    } finally {
      await t.database.db.execute(sql.raw('drop trigger refuse_audit on audit_log'));
    }
  });

  it('text the audit could not store never reaches the device: 400, nothing sent', async () => {
    const d = await linkedSpeaker();
    const res = await t.api(deviceLinkApi.broadcast, { id: d.id, text: 'a\ud800b' }, admin);
    expect(res.status, res.body.msg).toBe(400);
    const config = await t.api(deviceLinkApi.configSet, { id: d.id, config: { volume: 'a\u0000b' } }, admin);
    expect(config.status, config.body.msg).toBe(400);
    await new Promise((r) => setTimeout(r, 300));
    expect(d.rpcs).toEqual([]);
  });
});
