import path from 'node:path';
import { and, eq, inArray, like } from 'drizzle-orm';
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import { DEVICE_TYPES, type DeviceType } from '@siteops/contracts/device-protocol';
import type { LicenceFile } from '@siteops/contracts/licence/verify';
import { loadLicenceDir, saveLicence } from '@siteops/device-sim/licences';
import { simIdentity, type FleetDevice } from '@siteops/device-sim/fleet';
import type { Config } from '../config.ts';
import type { Db } from '../db/client.ts';
import { agents, devices, projects, users } from '../db/schema/index.ts';
import { createSession } from '../auth/sessions.ts';
import { hashPassword } from '../auth/passwords.ts';
import { hashDeviceSecret } from '../crypto/deviceSecret.ts';
import {
  DEMO_AGENTS,
  DEMO_DEVICE_COUNTS,
  DEMO_HJ212,
  DEMO_PASSWORD,
  DEMO_PROJECTS,
  DEMO_SN_PREFIX,
  demoProjectOf,
  type DemoAgent,
} from './plan.ts';

export interface DemoAccount {
  userName: string;
  role: 'agent' | 'manager';
}

/** A demo device as the fleet dials in: `hj212` when it is the monitor that speaks HJ 212 over TCP. */
export type DemoDevice = FleetDevice & { hj212?: { mn: string; pw: string } };

export interface DemoSeed {
  /** Every demo device with the secret of its current licence: what the simulated fleet dials in with. */
  devices: DemoDevice[];
  accounts: DemoAccount[];
  /** What this run added (0 everywhere on a restart). */
  created: { agents: number; projects: number; managers: number; devices: number; licences: number };
}

export class DemoSeedError extends Error {}

/** Where the demo keeps its devices' licence files: the server stores only their secrets' hashes. */
export const demoLicenceDir = (config: Pick<Config, 'dataDir'>) => path.join(config.dataDir, 'demo-licences');

type Log = Pick<FastifyBaseLogger, 'info' | 'warn'>;

/**
 * The server was stopped while the demo was being set up (a Ctrl+C during a first start): its calls fail
 * because it closed, which is nothing to warn about.
 */
export const closedUnderIt = (err: unknown) =>
  (err as { code?: unknown } | null)?.code === 'FST_ERR_REOPENED_CLOSE_SERVER';

/**
 * Seed the demo through the server's own API (as the admin, with a session made for it and ended after),
 * so agents, projects, licence grants and device assignments go through the same validation, signing and
 * audit as a person's clicks. Idempotent: what exists (by agent name, project code, user name, device sn,
 * and a licence file whose secret still matches) is kept, so a restart changes nothing.
 */
export async function seedDemo(
  app: FastifyInstance,
  db: Db,
  config: Pick<Config, 'dataDir' | 'session'>,
  log: Log,
  opts: { licenceDir?: string } = {},
): Promise<DemoSeed> {
  const licenceDir = opts.licenceDir ?? demoLicenceDir(config);
  const [admin] = await db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.role, 'admin'), eq(users.enabled, 'enable')))
    .orderBy(users.id)
    .limit(1);
  if (!admin) throw new DemoSeedError('no enabled admin account to seed the demo with');

  const token = await createSession(db, config.session, admin.id, { ip: '127.0.0.1', userAgent: 'siteops-demo-seed' });
  const api = async <T>(method: 'POST' | 'PUT', url: string, body: unknown): Promise<T> => {
    const res = await app.inject({
      method,
      url,
      payload: body as Record<string, unknown>,
      headers: { authorization: `Bearer ${token}`, 'user-agent': 'siteops-demo-seed' },
    });
    const envelope = res.json() as { code: number; msg: string; data: T };
    if (envelope.code !== 200) throw new DemoSeedError(`${method} ${url}: ${envelope.msg} (${res.statusCode})`);
    return envelope.data;
  };

  const created = { agents: 0, projects: 0, managers: 0, devices: 0, licences: 0 };
  try {
    // Agents with their users.
    const agentIds = new Map<DemoAgent['key'], number>();
    for (const agent of DEMO_AGENTS) {
      const [row] = await db.select({ id: agents.id }).from(agents).where(eq(agents.name, agent.name));
      if (row) {
        agentIds.set(agent.key, row.id);
        continue;
      }
      const { id } = await api<{ id: number }>('POST', '/api/agent/add', {
        name: agent.name,
        linkName: agent.linkName,
        linkPhone: agent.linkPhone,
        expDate: isoDate(addYears(new Date(), 3)),
        address: agent.address,
        user: { userName: agent.userName, password: DEMO_PASSWORD, realName: agent.realName, phone: agent.linkPhone },
      });
      agentIds.set(agent.key, id);
      created.agents++;
    }

    // Projects, each with a manager of its agent.
    const projectIds: number[] = [];
    for (const project of DEMO_PROJECTS) {
      const agentId = agentIds.get(project.agent)!;
      const [row] = await db.select({ id: projects.id }).from(projects).where(eq(projects.code, project.code));
      const projectId =
        row?.id ??
        (
          await api<{ id: number }>('POST', '/api/project/add', {
            name: project.name,
            code: project.code,
            remark: project.remark,
            agentId,
          })
        ).id;
      if (!row) created.projects++;
      projectIds.push(projectId);

      const [manager] = await db
        .select({ id: users.id })
        .from(users)
        .where(eq(users.userName, project.manager.userName));
      if (!manager) {
        // The user form wants ID and bank-card pictures a demo does not have: insert the account itself.
        const [{ id: userId }] = await db
          .insert(users)
          .values({
            userName: project.manager.userName,
            password: await hashPassword(DEMO_PASSWORD),
            realName: project.manager.realName,
            nickName: project.manager.realName,
            phone: project.manager.phone,
            role: 'manager',
            agentId,
            createdId: admin.id,
            updatedId: admin.id,
          })
          .returning({ id: users.id });
        await api('POST', '/api/project/addManager', { projectId, userId });
        created.managers++;
      }
    }

    // Devices: licences granted through the registry's API, then named and divided.
    const existing = await db
      .select({ id: devices.id, sn: devices.sn, secretHash: devices.secretHash })
      .from(devices)
      .where(like(devices.sn, `${DEMO_SN_PREFIX}%`));
    const stored = new Map(loadLicenceDir(licenceDir).map((l) => [l.sn, l]));
    const fleet: DemoDevice[] = [];
    const hj212Of = (type: string, n: number) =>
      type === 'dust' && n === DEMO_HJ212.n ? { hj212: { mn: DEMO_HJ212.mn, pw: DEMO_HJ212.pw } } : {};
    const placements = new Map<number, { agentId: number; projectId: number }>();
    const expiresAt = isoDate(addYears(new Date(), 1));

    for (const type of DEVICE_TYPES) {
      const { count, name, site, deviceName } = DEMO_DEVICE_COUNTS[type];
      for (let n = 1; n <= count; n++) {
        const { sn, mac } = simIdentity(DEMO_SN_PREFIX, type, n);
        const devName = `${name} ${n} 号`;
        const simName = `${deviceName} ${n}`;
        const row = existing.find((d) => d.sn === sn);
        const licence = stored.get(sn);
        if (row && licence && row.secretHash === hashDeviceSecret(licence.secret)) {
          fleet.push({ sn, mac, secret: licence.secret, type, name: simName, ...hj212Of(type, n) });
          continue;
        }
        // New, or its licence file is gone or outdated (a new grant rotates the secret).
        const grant = await api<{ file: LicenceFile; deviceId: number; created: boolean }>(
          'POST',
          '/api/device/grant',
          { sn, mac, type, expiresAt, attachInfo: JSON.stringify({ type }) },
        );
        saveLicence(licenceDir, grant.file);
        created.licences++;
        fleet.push({ sn, mac, secret: grant.file.licence.deviceSecret, type, name: simName, ...hj212Of(type, n) });
        if (!row) {
          created.devices++;
          const hj212 = hj212Of(type, n).hj212;
          await api('PUT', '/api/device/update', {
            id: grant.deviceId,
            devName,
            installSite: `${site} ${n}`,
            factoryName: 'SiteOps 模拟器',
            ...(hj212 && { hj212Mn: hj212.mn, hj212Pw: hj212.pw }),
          });
          const project = demoProjectOf(type as DeviceType, n);
          if (project !== null) {
            const agentId = agentIds.get(DEMO_PROJECTS[project].agent)!;
            placements.set(grant.deviceId, { agentId, projectId: projectIds[project] });
          }
        }
      }
    }

    // One divide call per agent and per project, like an admin selecting rows in the list.
    const group = (key: 'agentId' | 'projectId') => {
      const out = new Map<number, number[]>();
      for (const [deviceId, place] of placements) out.set(place[key], [...(out.get(place[key]) ?? []), deviceId]);
      return out;
    };
    for (const [agentId, ids] of group('agentId')) {
      for (const part of auditSizedChunks(ids)) await api('POST', '/api/device/divideAgent', { ids: part, agentId });
    }
    for (const [projectId, ids] of group('projectId')) {
      for (const part of auditSizedChunks(ids))
        await api('POST', '/api/device/divideProject', { ids: part, projectId });
    }

    const accounts: DemoAccount[] = [
      ...DEMO_AGENTS.map((a) => ({ userName: a.userName, role: 'agent' as const })),
      ...DEMO_PROJECTS.map((p) => ({ userName: p.manager.userName, role: 'manager' as const })),
    ];
    // Accounts that exist but are not what the demo made (someone took the name) are not advertised.
    const present = await db
      .select({ userName: users.userName, role: users.role })
      .from(users)
      .where(
        inArray(
          users.userName,
          accounts.map((a) => a.userName),
        ),
      );
    return {
      devices: fleet,
      accounts: accounts.filter((a) => present.some((p) => p.userName === a.userName && p.role === a.role)),
      created,
    };
  } finally {
    await app
      .inject({ method: 'POST', url: '/api/user/logout', headers: { authorization: `Bearer ${token}` } })
      .catch((err: unknown) => {
        if (!closedUnderIt(err)) log.warn({ err }, 'demo: could not end the seeding session');
      });
  }
}

/**
 * Batches record their ids joined by commas as the audit row's target, which holds 64 characters:
 * a bigger batch fails (reported to the registry's owner). Keep each call within it.
 */
function auditSizedChunks(ids: number[], maxChars = 64): number[][] {
  const chunks: number[][] = [];
  let current: number[] = [];
  for (const id of ids) {
    if (current.length && [...current, id].join(',').length > maxChars) {
      chunks.push(current);
      current = [];
    }
    current.push(id);
  }
  if (current.length) chunks.push(current);
  return chunks;
}

function addYears(date: Date, years: number) {
  const d = new Date(date);
  d.setUTCFullYear(d.getUTCFullYear() + years);
  return d;
}

const isoDate = (d: Date) => d.toISOString().slice(0, 10);
