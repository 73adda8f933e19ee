import { and, inArray, sql, type AnyColumn } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { agents, devices, projects } from '../../db/schema/index.ts';
import { scope, type Caller } from '../../auth/scope.ts';
import { OPTIONAL_TEXT, nextTurn, type ParsedRow, type RowErrors } from './importSheet.ts';

/** Rows per lookup (sn, mac IN (...)). */
const READ_CHUNK = 500;
/** Rows checked between two turns of the event loop. */
const ROWS_PER_TURN = 500;

export type DeviceInsert = typeof devices.$inferInsert;

/**
 * `column IN (…)` with the list as ONE JSON parameter: thousands of bind parameters are slow to
 * bind, most of all on PGlite.
 */
const inJsonList = (column: AnyColumn, values: string[]) =>
  sql`${column} in (select jsonb_array_elements_text(${JSON.stringify(values)}::jsonb))`;

/**
 * `read` over slices of `items`, with a turn of the event loop between them: an embedded database
 * (PGlite) runs each query on this thread, so back-to-back queries would hold it for their sum.
 */
async function inChunks<T, R>(items: T[], size: number, read: (chunk: T[]) => Promise<R[]>): Promise<R[]> {
  const out: R[] = [];
  for (let i = 0; i < items.length; i += size) {
    if (i > 0) await nextTurn();
    out.push(...(await read(items.slice(i, i + size))));
  }
  return out;
}

/**
 * Everything that needs the database: sn and MAC against existing devices, agents and projects the
 * caller may use. Answers the complete rows to write (an existing device merged with the non-empty cells).
 */
export async function resolveRows(
  db: Db,
  caller: Caller,
  parsed: ParsedRow[],
  errors: RowErrors,
  actorId: number,
  /** The HJ 212 password as stored (encrypted, like the device form's). */
  encryptPw: (pw: string) => string,
) {
  const inScope = scope.devices(caller) ?? sql`true`;
  const existing = new Map(
    (
      await inChunks(
        parsed.map((p) => p.sn),
        READ_CHUNK,
        (sns) =>
          db
            .select({
              id: devices.id,
              sn: devices.sn,
              mac: devices.mac,
              type: devices.type,
              devName: devices.devName,
              factoryName: devices.factoryName,
              ip: devices.ip,
              installSite: devices.installSite,
              version: devices.version,
              devVer: devices.devVer,
              frpcVer: devices.frpcVer,
              remoteAccount: devices.remoteAccount,
              hj212Mn: devices.hj212Mn,
              hj212Pw: devices.hj212Pw,
              remark: devices.remark,
              direction: devices.direction,
              agentId: devices.agentId,
              projectId: devices.projectId,
              inScope: sql<boolean>`coalesce(${inScope}, false)`,
            })
            .from(devices)
            .where(inJsonList(devices.sn, sns)),
      )
    ).map((d) => [d.sn, d]),
  );
  const macOwners = new Map(
    (
      await inChunks(
        parsed.map((p) => p.mac),
        READ_CHUNK,
        (macs) =>
          db
            .select({ mac: devices.mac, sn: devices.sn, inScope: sql<boolean>`coalesce(${inScope}, false)` })
            .from(devices)
            .where(inJsonList(devices.mac, macs)),
      )
    ).map((d) => [d.mac!, d]),
  );
  const mns = parsed.map((p) => p.fields.hj212Mn).filter((m): m is string => !!m);
  const mnOwners = new Map(
    mns.length
      ? (
          await inChunks(mns, READ_CHUNK, (chunk) =>
            db
              .select({ mn: devices.hj212Mn, sn: devices.sn, inScope: sql<boolean>`coalesce(${inScope}, false)` })
              .from(devices)
              .where(inJsonList(devices.hj212Mn, chunk)),
          )
        ).map((d) => [d.mn!, d])
      : [],
  );
  const agentNames = [...new Set(parsed.map((p) => p.agent).filter((a): a is string => !!a))];
  const agentRows = agentNames.length
    ? await db.select({ id: agents.id, name: agents.name }).from(agents).where(inArray(agents.name, agentNames))
    : [];
  const codes = [...new Set(parsed.map((p) => p.projectCode).filter((c): c is string => !!c))];
  const projectRows = codes.length
    ? await inChunks(codes, READ_CHUNK, (chunk) =>
        db
          .select({ id: projects.id, code: projects.code, agentId: projects.agentId })
          .from(projects)
          .where(and(inArray(projects.code, chunk), scope.projects(caller))),
      )
    : [];

  const out: DeviceInsert[] = [];
  for (const [i, p] of parsed.entries()) {
    if (i % ROWS_PER_TURN === ROWS_PER_TURN - 1) await nextTurn();
    const current = existing.get(p.sn);
    // Outside the caller's scope, a taken sn or MAC gets the words of any value that cannot be used:
    // saying whose it is (another agent's) would tell one tenant about another's fleet.
    if (current && !current.inScope) errors.add(p.row, 'sn', 'unusable');
    const macOwner = macOwners.get(p.mac);
    if (macOwner && macOwner.sn !== p.sn) {
      if (macOwner.inScope) errors.add(p.row, 'mac', 'macUsed', macOwner.sn);
      else errors.add(p.row, 'mac', 'unusable');
    }
    const mnOwner = p.fields.hj212Mn ? mnOwners.get(p.fields.hj212Mn) : undefined;
    if (mnOwner && mnOwner.sn !== p.sn) {
      if (mnOwner.inScope) errors.add(p.row, 'hj212Mn', 'mnUsed', mnOwner.sn);
      else errors.add(p.row, 'hj212Mn', 'unusable');
    }

    let agentId: number | null | undefined;
    if (p.agent) {
      const agent = agentRows.find((a) => a.name === p.agent);
      if (!agent) errors.add(p.row, 'agent', 'unknownAgent', p.agent);
      else if (caller.role !== 'admin' && agent.id !== caller.agentId) errors.add(p.row, 'agent', 'foreignAgent');
      else agentId = agent.id;
    }
    let projectId: number | undefined;
    if (p.projectCode) {
      const project = projectRows.find((r) => r.code === p.projectCode);
      if (!project) errors.add(p.row, 'projectCode', 'unknownProject', p.projectCode);
      else if (agentId !== undefined && project.agentId !== null && project.agentId !== agentId) {
        errors.add(p.row, 'projectCode', 'projectAgent', p.agent);
      } else {
        projectId = project.id;
        // A project names its agent: the device follows it unless the row says otherwise.
        if (agentId === undefined && project.agentId !== null) agentId = project.agentId;
      }
    }
    if (errors.has(p.row)) continue;
    // An agent's devices always stay in its agent.
    if (caller.role !== 'admin') agentId = caller.agentId;
    const finalAgentId = agentId !== undefined ? agentId : (current?.agentId ?? null);
    // A device that moves to another agent leaves its old project unless the row names one.
    const keptProjectId = current && current.agentId === finalAgentId ? current.projectId : null;
    out.push({
      sn: p.sn,
      mac: p.mac,
      type: p.type,
      direction: p.direction ?? current?.direction ?? 'none',
      ...Object.fromEntries(OPTIONAL_TEXT.map((k) => [k, p.fields[k] ?? current?.[k] ?? null])),
      hj212Pw: p.fields.hj212Pw ? encryptPw(p.fields.hj212Pw) : (current?.hj212Pw ?? null),
      agentId: finalAgentId,
      projectId: projectId ?? keptProjectId,
      createdId: actorId,
      updatedId: actorId,
    });
  }
  return out;
}
