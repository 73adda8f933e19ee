import { and, asc, eq, inArray, or, sql } from 'drizzle-orm';
import type { visitorApi } from '@siteops/contracts/visitor/api';
import {
  DEFAULT_VISIT_HOURS,
  type VisitorConfigItem,
  type VisitorOptionalField,
} from '@siteops/contracts/visitor/schemas';
import type { Db } from '../../db/client.ts';
import {
  devices,
  projects,
  users,
  visitorConfigs,
  visitorDevices,
  type VisitorConfigRow,
} from '../../db/schema/index.ts';
import type { Handler } from '../../http/endpoint.ts';
import { readPage } from '../../http/readPage.ts';
import { inSnapshot } from '../../db/snapshot.ts';
import { fieldError } from '../../core/errors.ts';
import { contains, countAll } from '../../core/list.ts';
import { t } from '../../core/messages/index.ts';
import { auditChanges, changeSet } from '../audit/record.ts';
import { markDevices } from './gate.ts';
import type { GateSync } from './gateSync.ts';
import { loadProjectForVisitors } from './service.ts';

/** Devices whose faces list a visitor can be put on. */
export const FACE_DEVICE_TYPES = ['face', 'towerElevatorFace'] as const;

/** The devices of these projects on the visitor list (authorised for visitors), by project. */
async function authorisedOf(db: Db, projectIds: number[]): Promise<Map<number, number[]>> {
  const rows = projectIds.length
    ? await db
        .select({ id: devices.id, projectId: devices.projectId })
        .from(visitorDevices)
        .innerJoin(devices, eq(devices.id, visitorDevices.deviceId))
        .where(inArray(devices.projectId, projectIds))
        .orderBy(asc(devices.id))
    : [];
  const byProject = new Map<number, number[]>();
  for (const r of rows) byProject.set(r.projectId!, [...(byProject.get(r.projectId!) ?? []), r.id]);
  return byProject;
}

function toConfigItem(
  project: { id: number; name: string; code: string },
  config: VisitorConfigRow | null,
  publishedBy: string | null,
  deviceIds: number[],
): VisitorConfigItem {
  return {
    projectId: project.id,
    projectName: project.name,
    projectCode: project.code,
    requiredFields: (config?.requiredFields ?? []) as VisitorOptionalField[],
    defaultVisitHours: config?.defaultVisitHours ?? DEFAULT_VISIT_HOURS,
    autoApprove: config?.autoApprove ?? false,
    notice: config?.notice ?? null,
    deviceIds,
    publishedAt: config?.publishedAt?.toISOString() ?? null,
    publishedBy,
    version: config?.version ?? 0,
  };
}

/**
 * Every project (admin only) with its visitor configuration, or the defaults where none was published. One
 * snapshot: the configurations and their authorised devices are two reads, and a publish writes both (a new
 * version and its devices) in one transaction.
 */
export const listConfig: Handler<typeof visitorApi.listConfig> = (c, q) => inSnapshot(c.db, (db) => configPage(db, q));

async function configPage(db: Db, q: Parameters<Handler<typeof visitorApi.listConfig>>[1]) {
  const where = and(
    q.keyword ? or(contains(projects.name, q.keyword), contains(projects.code, q.keyword)) : undefined,
    q.projectId ? eq(projects.id, q.projectId) : undefined,
  );
  const { rows, total } = await readPage(
    q,
    db
      .select({ project: projects, config: visitorConfigs, publishedBy: users.userName })
      .from(projects)
      .leftJoin(visitorConfigs, eq(visitorConfigs.projectId, projects.id))
      .leftJoin(users, eq(users.id, visitorConfigs.publishedId))
      .where(where)
      .orderBy(asc(projects.name), asc(projects.id)),
    db.select({ total: countAll }).from(projects).where(where),
  );
  const authorised = await authorisedOf(
    db,
    rows.map((r) => r.project.id),
  );
  return {
    list: rows.map((r) => toConfigItem(r.project, r.config, r.publishedBy, authorised.get(r.project.id) ?? [])),
    total,
    page: q.page,
    pageSize: q.pageSize,
  };
}

/**
 * Save a project's configuration and make it live (a new version). The devices must be face devices
 * of the project: they become the project's devices on the visitor list (authorised, keeping the
 * direction of those already on it; the others are taken off), and every device on or off it is
 * re-published: valid visitors sent where missing or changed, removed where no longer authorised.
 */
export const publishConfig =
  (gate: Pick<GateSync, 'kick'>): Handler<typeof visitorApi.publishConfig> =>
  async (c, { projectId, ...config }) => {
    const { db } = c;
    const project = await loadProjectForVisitors(db, c.caller, projectId);
    const deviceIds = [...new Set(config.deviceIds)];
    if (deviceIds.length) {
      const found = await db
        .select({ id: devices.id })
        .from(devices)
        .where(
          and(
            inArray(devices.id, deviceIds),
            eq(devices.projectId, project.id),
            inArray(devices.type, [...FACE_DEVICE_TYPES]),
          ),
        );
      const wrong = deviceIds.filter((id) => !found.some((f) => f.id === id));
      if (wrong.length) throw fieldError('deviceIds', t('visitor.deviceNotInProject', { ids: wrong }));
    }
    const values = {
      requiredFields: [...new Set(config.requiredFields)],
      defaultVisitHours: config.defaultVisitHours,
      autoApprove: config.autoApprove,
      notice: config.notice ?? null,
      deviceIds,
      publishedAt: new Date(),
      publishedId: c.user.id,
    };
    const row = await db.transaction(async (tx) => {
      // What it was, for the audit's before and after (locked: this publish overwrites exactly this).
      const [prior] = await tx
        .select()
        .from(visitorConfigs)
        .where(eq(visitorConfigs.projectId, project.id))
        .for('update');
      const [saved] = await tx
        .insert(visitorConfigs)
        .values({ projectId: project.id, ...values, version: 1 })
        .onConflictDoUpdate({
          target: visitorConfigs.projectId,
          set: { ...values, version: sql`${visitorConfigs.version} + 1` },
        })
        .returning();
      const before = (await authorisedOf(tx, [project.id])).get(project.id) ?? [];
      // Before: the configuration as the list showed it (the defaults where none was published).
      const changes = auditChanges(toConfigItem(project, prior ?? null, null, before), {
        requiredFields: values.requiredFields,
        defaultVisitHours: values.defaultVisitHours,
        autoApprove: values.autoApprove,
        notice: values.notice,
        deviceIds: [...deviceIds].sort((a, b) => a - b),
      });
      await c.audit(
        {
          action: 'visitor.publishConfig',
          targetType: 'project',
          targetId: project.id,
          detail: changeSet(config, { version: saved.version, changes }),
        },
        tx,
      );
      const dropped = before.filter((id) => !deviceIds.includes(id));
      if (dropped.length) await tx.delete(visitorDevices).where(inArray(visitorDevices.deviceId, dropped));
      if (deviceIds.length) {
        await tx
          .insert(visitorDevices)
          .values(deviceIds.map((deviceId) => ({ deviceId, createdId: c.user.id })))
          .onConflictDoNothing();
      }
      await markDevices(tx, [...before, ...deviceIds]);
      return saved;
    });
    gate.kick();
    return toConfigItem(
      project,
      row,
      c.user.userName,
      [...deviceIds].sort((a, b) => a - b),
    );
  };
