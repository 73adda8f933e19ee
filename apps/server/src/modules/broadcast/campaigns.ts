import { and, asc, eq, inArray } from 'drizzle-orm';
import type { CampaignSpeaker, CampaignTargets } from '@siteops/contracts/broadcast/schemas';
import type { Db } from '../../db/client.ts';
import { broadcastCampaigns, devices, projects } from '../../db/schema/index.ts';
import { scope, type Caller } from '../../auth/scope.ts';
import { notFoundOf } from '../../core/errors.ts';
import { allInScopeOr404 } from '../../db/crud.ts';

/** Cloud speakers the caller may address: of type `broadcast`, authorised, in its device scope. */
const speakerWhere = (caller: Caller) =>
  and(eq(devices.type, 'broadcast'), eq(devices.authStatus, 'authorize'), scope.devices(caller));

export async function listSpeakers(db: Db, caller: Caller): Promise<CampaignSpeaker[]> {
  return db
    .select({
      id: devices.id,
      sn: devices.sn,
      devName: devices.devName,
      onlineStatus: devices.onlineStatus,
      projectId: devices.projectId,
      projectName: projects.name,
    })
    .from(devices)
    .leftJoin(projects, eq(projects.id, devices.projectId))
    .where(speakerWhere(caller))
    .orderBy(asc(devices.devName), asc(devices.id))
    .limit(1000);
}

/**
 * The speakers a campaign's targets name, within the caller's scope. By device: every id must be a
 * speaker in scope, else 404 for the whole request (another tenant's id is not told apart from a
 * missing one). By project: every project must be in the caller's project scope, and its speakers in
 * the caller's device scope are taken.
 */
export async function resolveTargets(db: Db, caller: Caller, targets: CampaignTargets): Promise<number[]> {
  if (targets.by === 'devices') {
    const wanted = [...new Set(targets.deviceIds)];
    await allInScopeOr404(db, { table: devices, ids: wanted, scope: speakerWhere(caller), what: 'Device' });
    return wanted;
  }
  const wanted = [...new Set(targets.projectIds)];
  await allInScopeOr404(db, { table: projects, ids: wanted, scope: projectScope(caller), what: 'Project' });
  const rows = await db
    .select({ id: devices.id })
    .from(devices)
    .where(and(inArray(devices.projectId, wanted), speakerWhere(caller)))
    .orderBy(asc(devices.id));
  return rows.map((r) => r.id);
}

/** A project is a target for whoever may see its devices: an agent its agent's projects, a manager its own. */
const projectScope = (caller: Caller) => scope.projects(caller);

/** The campaign row, or 404 when it does not exist or is outside the caller's scope. */
export async function loadCampaign(db: Db, caller: Caller, id: number) {
  const [row] = await db
    .select()
    .from(broadcastCampaigns)
    .where(and(eq(broadcastCampaigns.id, id), scope.campaigns(caller)));
  if (!row) throw notFoundOf('Campaign');
  return row;
}
export type CampaignRow = Awaited<ReturnType<typeof loadCampaign>>;
