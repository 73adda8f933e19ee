import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { afterAll, describe, expect, it } from 'vitest';
import mqtt, { type IClientOptions, type MqttClient } from 'mqtt';
import { and, eq } from 'drizzle-orm';
import { deviceLinkApi } from '@siteops/contracts/device-link/api';
import { deviceApi } from '@siteops/contracts/device/api';
import { mqttTopics, mqttUsername } from '@siteops/contracts/device-protocol';
import { deviceEvents } from '../../../db/schema/index.ts';
import { readingsOf, rowOf, startLinkApp } from '../../../modules/device-link/testkit.ts';

const run = promisify(execFile);
const t = await startLinkApp({ env: { MQTT_PORT: '0' } });
const port = t.app.deviceLink.mqtt!.port;
const admin = await t.login();
const clients: MqttClient[] = [];
afterAll(async () => {
  await Promise.all(clients.map((c) => c.endAsync(true)));
  await t.close();
});

type Device = Awaited<ReturnType<typeof t.addDevice>>;

/** A device's MQTT session as a maker would write it with MQTT.js. */
async function connect(d: Device, extra: IClientOptions = {}) {
  const client = mqtt.connect(`mqtt://127.0.0.1:${port}`, {
    clientId: d.sn,
    username: mqttUsername(d.type, d.mac),
    password: d.secret,
    protocolVersion: 4,
    reconnectPeriod: 0,
    connectTimeout: 3_000,
    ...extra,
  });
  clients.push(client);
  const down: { topic: string; body: Record<string, unknown>; props?: mqtt.IPublishPacket['properties'] }[] = [];
  client.on('message', (topic, payload, packet) => {
    let body: Record<string, unknown> = {};
    try {
      body = JSON.parse(payload.toString()) as Record<string, unknown>;
    } catch {
      /* a binary frame */
    }
    down.push({ topic, body, props: packet.properties });
  });
  const outcome = await new Promise<{ ok: true } | { ok: false; code?: number }>((resolve) => {
    client.once('connect', () => resolve({ ok: true }));
    client.once('error', (err: Error & { code?: number }) => resolve({ ok: false, code: err.code }));
  });
  return { client, down, outcome };
}

const waitFor = async <T>(fn: () => T | undefined | false, what: string, ms = 3_000): Promise<T> => {
  const end = Date.now() + ms;
  for (;;) {
    const v = fn();
    if (v) return v;
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 20));
  }
};

describe('devices over MQTT (embedded broker)', () => {
  it('a device with its secret links: auth.ok on its down topic, online, readings stored; offline when it leaves', async () => {
    const d = await t.addDevice({ type: 'dust' });
    const { client, down, outcome } = await connect(d);
    expect(outcome).toEqual({ ok: true });
    await client.subscribeAsync(mqttTopics(d.sn).down, { qos: 1 });
    const hello = await waitFor(() => down.find((m) => m.topic.endsWith('/down/auth.ok')), 'auth.ok');
    expect(hello.body).toMatchObject({ type: 'auth.ok', ip: '127.0.0.1' });
    expect(hello.body.heartbeatSeconds).toBeGreaterThan(0);
    await expect.poll(async () => (await rowOf(t, d.id)).onlineStatus, { timeout: 2_000 }).toBe('online');
    expect((await rowOf(t, d.id)).transport).toBe('mqtt');
    // The console's device detail says how it links, and from where.
    const detail = await t.api(deviceApi.detail, { id: d.id }, admin);
    expect(detail.body.data).toMatchObject({ transport: 'mqtt', ip: '127.0.0.1' });

    await client.publishAsync(mqttTopics(d.sn).up('telemetry'), JSON.stringify({ data: { a34002: 88.5, LA: 61 } }), {
      qos: 1,
    });
    await expect.poll(async () => (await readingsOf(t, d.id)).length, { timeout: 2_000 }).toBeGreaterThan(0);

    await client.endAsync();
    await expect.poll(async () => (await rowOf(t, d.id)).onlineStatus, { timeout: 2_000 }).toBe('offline');
  });

  it('an event is stored once and acknowledged on down/event.ack', async () => {
    const d = await t.addDevice({ type: 'face' });
    const { client, down } = await connect(d);
    await client.subscribeAsync(mqttTopics(d.sn).down);
    const id = crypto.randomUUID();
    const event = {
      id,
      kind: 'pass',
      level: 'info',
      data: { personId: 'P1', personName: 'Li Lei', direction: 'in', verifyMode: 'face', similarity: 0.91 },
    };
    await client.publishAsync(mqttTopics(d.sn).up('event'), JSON.stringify(event), { qos: 1 });
    const ack = await waitFor(() => down.find((m) => m.topic.endsWith('/down/event.ack')), 'event.ack');
    expect(ack.body.ids).toEqual([id]);
    expect(down.filter((m) => m.topic.endsWith('/down/error'))).toEqual([]);
    await expect
      .poll(
        async () =>
          (
            await t.database.db
              .select()
              .from(deviceEvents)
              .where(and(eq(deviceEvents.deviceId, d.id), eq(deviceEvents.kind, 'pass')))
          ).length,
        { timeout: 2_000 },
      )
      .toBe(1);
  });

  it('an RPC from the console reaches the device on down/rpc/<id>, and its answer on up/rpc/<id> comes back', async () => {
    const d = await t.addDevice({ type: 'face' });
    const { client } = await connect(d);
    await client.subscribeAsync(mqttTopics(d.sn).down);
    const seen: { topic: string; id: string; method: string }[] = [];
    client.on('message', (topic, payload) => {
      const msg = JSON.parse(payload.toString()) as { type: string; id: string; method: string };
      if (msg.type !== 'rpc') return;
      seen.push({ topic, id: msg.id, method: msg.method });
      const now = new Date().toISOString();
      const answer = { result: { door: 2, openedAt: now, closesAt: now } };
      void client.publishAsync(topic.replace('/down/rpc/', '/up/rpc/'), JSON.stringify(answer), { qos: 1 });
    });
    await expect.poll(async () => (await rowOf(t, d.id)).onlineStatus, { timeout: 2_000 }).toBe('online');
    const res = await t.api(deviceLinkApi.openDoor, { id: d.id, door: 2 }, admin);
    expect(res.status, res.body.msg).toBe(200);
    expect(res.body.data.door).toBe(2);
    const [rpc] = seen;
    expect(rpc.topic).toMatch(new RegExp(`^siteops/${d.sn}/down/rpc/[0-9a-f-]{36}$`));
    expect(rpc).toMatchObject({ method: 'openDoor', id: rpc.topic.split('/').at(-1) });
  });

  it('a wrong secret is refused in the CONNACK (bad user name or password) and nothing links', async () => {
    const d = await t.addDevice({ type: 'dust' });
    const { outcome } = await connect({ ...d, secret: 'not-the-secret' });
    expect(outcome).toEqual({ ok: false, code: 4 });
    expect((await rowOf(t, d.id)).onlineStatus).not.toBe('online');
  });

  it('an unknown serial number is refused (not authorised) and recorded for an admin to authorise', async () => {
    const known = await t.addDevice({ type: 'dust' });
    const d = { ...known, sn: `MQTTNEW${Date.now()}`, mac: known.mac.replace(/^02/, '06') };
    const { outcome } = await connect(d);
    expect(outcome).toEqual({ ok: false, code: 5 });
    const { devices } = await import('../../../db/schema/index.ts');
    const [row] = await t.database.db.select().from(devices).where(eq(devices.sn, d.sn));
    expect(row).toMatchObject({ authStatus: 'unknown', type: 'dust' });
  });

  it("the ACL: another device's topics can be neither subscribed to nor published on", async () => {
    const a = await t.addDevice({ type: 'dust' });
    const b = await t.addDevice({ type: 'dust' });
    const { client } = await connect(a);
    // MQTT.js turns a SUBACK failure (0x80) into a rejection.
    await expect(client.subscribeAsync(mqttTopics(b.sn).down)).rejects.toThrow(/Subscribe error/);
    await expect(client.subscribeAsync('siteops/#')).rejects.toThrow(/Subscribe error/);
    await client.subscribeAsync(mqttTopics(a.sn).down);
    const closed = new Promise<void>((resolve) => client.once('close', () => resolve()));
    client.publish(mqttTopics(b.sn).up('telemetry'), JSON.stringify({ data: { a34002: 1 } }), { qos: 1 });
    await closed;
    await new Promise((r) => setTimeout(r, 200));
    const rows = await readingsOf(t, b.id);
    expect(rows).toHaveLength(0);
  });

  it("Debian's mosquitto_pub publishes a reading as a device", async (ctx) => {
    const found = await run('sh', ['-c', 'command -v mosquitto_pub']).catch(() => undefined);
    if (!found) {
      console.log('skipped: mosquitto_pub is not installed (apt-get install mosquitto-clients)');
      return ctx.skip();
    }
    const d = await t.addDevice({ type: 'dust' });
    await run('mosquitto_pub', [
      '-h',
      '127.0.0.1',
      '-p',
      String(port),
      '-V',
      'mqttv311',
      '-q',
      '1',
      '-i',
      d.sn,
      '-u',
      mqttUsername(d.type, d.mac),
      '-P',
      d.secret,
      '-t',
      mqttTopics(d.sn).up('telemetry'),
      '-m',
      JSON.stringify({ data: { a34004: 33.3 } }),
    ]);
    await expect.poll(async () => (await readingsOf(t, d.id)).length, { timeout: 2_000 }).toBe(1);
    const refused = await run('mosquitto_pub', [
      '-h',
      '127.0.0.1',
      '-p',
      String(port),
      '-i',
      d.sn,
      '-u',
      mqttUsername(d.type, d.mac),
      '-P',
      'wrong',
      '-t',
      mqttTopics(d.sn).up('telemetry'),
      '-m',
      '{}',
    ]).then(
      () => 'published',
      (err: { stderr?: string }) => err.stderr ?? 'refused',
    );
    expect(refused).toMatch(/not authori[sz]ed|bad user ?name or password|Connection Refused/i);
  });
});
