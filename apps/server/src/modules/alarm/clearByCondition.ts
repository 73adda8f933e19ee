import { and, eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { alarms, alarmTimeline } from '../../db/schema/index.ts';
import { queueActions } from './actions.ts';

/**
 * Clears an active alarm by its condition, with its timeline entry (`detail`) and its rule's actions on
 * clearing; answers whether this call cleared it (another writer or instance may have first).
 */
export function clearByCondition(db: Db, alarmId: number, at: Date, detail: Record<string, unknown>): Promise<boolean> {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .update(alarms)
      .set({ status: 'cleared', clearedAt: at, clearedBy: 'condition' })
      .where(and(eq(alarms.id, alarmId), eq(alarms.status, 'active')))
      .returning({ id: alarms.id, ruleId: alarms.ruleId });
    if (row) {
      await tx.insert(alarmTimeline).values({ alarmId, kind: 'cleared', at, detail });
      await queueActions(tx, alarmId, row.ruleId, 'cleared');
    }
    return row !== undefined;
  });
}
