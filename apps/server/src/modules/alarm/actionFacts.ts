import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { alarmRules, alarms, devices, projects } from '../../db/schema/index.ts';
import type { ModuleContext } from '../../ports/context.ts';

/* The alarm an action runs for, read once per run, shared by every kind of action. */

/** What running actions needs from the app. */
export type ActionDeps = Pick<ModuleContext, 'db' | 'pii' | 'config' | 'notifications' | 'deviceCommands' | 'live'>;

/** An alarm as its actions need it. */
export interface Facts {
  alarmId: number;
  severity: string;
  status: string;
  ruleName: string;
  ruleCreatedId: number | null;
  deviceId: number;
  deviceName: string | null;
  sn: string;
  deviceType: string;
  projectId: number | null;
  projectName: string | null;
  agentId: number | null;
  lastValue: Record<string, unknown>;
  raisedAt: Date;
}

export async function factsOf(db: Db, alarmId: number): Promise<Facts | undefined> {
  const [row] = await db
    .select({
      alarmId: alarms.id,
      severity: alarms.severity,
      status: alarms.status,
      ruleName: alarmRules.name,
      ruleCreatedId: alarmRules.createdId,
      deviceId: alarms.deviceId,
      deviceName: devices.devName,
      sn: devices.sn,
      deviceType: devices.type,
      projectId: devices.projectId,
      projectName: projects.name,
      agentId: projects.agentId,
      lastValue: alarms.lastValue,
      raisedAt: alarms.createdAt,
    })
    .from(alarms)
    .innerJoin(alarmRules, eq(alarmRules.id, alarms.ruleId))
    .innerJoin(devices, eq(devices.id, alarms.deviceId))
    .leftJoin(projects, eq(projects.id, devices.projectId))
    .where(eq(alarms.id, alarmId));
  return row;
}
