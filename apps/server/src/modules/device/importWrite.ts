import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { devices } from '../../db/schema/index.ts';
import { scope, type Caller } from '../../auth/scope.ts';
import { conflict } from '../../core/errors.ts';
import { t } from '../../core/messages/index.ts';
import type { DeviceInsert } from './importResolve.ts';
import { nextTurn } from './importSheet.ts';
// A face terminal that changes project holds the visitors and personnel of its new one.
import { markMovedDevices } from '../visitor/personnel.ts';

/**
 * Rows per INSERT, with a turn of the event loop between two: on PGlite (queries on this thread) 1,000
 * rows held it ~100 ms a chunk and 2 s for a 20,000-row import; 250 keep each hold short.
 */
const WRITE_CHUNK = 250;

/** Columns an import writes: property of the row, SQL column, SQL type. */
const WRITE_COLUMNS = [
  ['type', 'type', 'varchar'],
  ['sn', 'sn', 'varchar'],
  ['mac', 'mac', 'varchar'],
  ['devName', 'dev_name', 'varchar'],
  ['factoryName', 'factory_name', 'varchar'],
  ['ip', 'ip', 'varchar'],
  ['installSite', 'install_site', 'varchar'],
  ['direction', 'direction', 'varchar'],
  ['version', 'version', 'varchar'],
  ['devVer', 'dev_ver', 'varchar'],
  ['frpcVer', 'frpc_ver', 'varchar'],
  ['remoteAccount', 'remote_account', 'varchar'],
  ['hj212Mn', 'hj212_mn', 'varchar'],
  ['hj212Pw', 'hj212_pw', 'text'],
  ['remark', 'remark', 'varchar'],
  ['agentId', 'agent_id', 'integer'],
  ['projectId', 'project_id', 'integer'],
  ['createdId', 'created_id', 'integer'],
  ['updatedId', 'updated_id', 'integer'],
] as const satisfies readonly (readonly [keyof DeviceInsert, string, string])[];

const INSERT_COLUMNS = sql.raw(WRITE_COLUMNS.map(([, c]) => c).join(', '));
const RECORD_TYPE = sql.raw(WRITE_COLUMNS.map(([, c, t]) => `${c} ${t}`).join(', '));
const UPDATE_SET = sql.raw(
  WRITE_COLUMNS.filter(([, c]) => c !== 'sn' && c !== 'created_id')
    .map(([, c]) => `${c} = excluded.${c}`)
    .concat('updated_at = now()')
    .join(', '),
);

/**
 * Write the rows, in one transaction: multi-row INSERT ... ON CONFLICT (sn) DO UPDATE in chunks, each
 * chunk's rows travelling as one JSON parameter (jsonb_to_recordset). The update only touches devices
 * still in the caller's scope; a device that left it since the checks (a race) makes the whole import
 * fail rather than write into someone else's device.
 */
export async function writeRows(tx: Db, caller: Caller, rows: DeviceInsert[], progress: (done: number) => void) {
  let created = 0;
  let updated = 0;
  const inScope = scope.devices(caller);
  for (let i = 0; i < rows.length; i += WRITE_CHUNK) {
    if (i > 0) await nextTurn();
    const chunk = rows.slice(i, i + WRITE_CHUNK);
    const json = JSON.stringify(chunk.map((r) => Object.fromEntries(WRITE_COLUMNS.map(([k, c]) => [c, r[k] ?? null]))));
    // xmax is 0 on a freshly inserted row version, the updating transaction's id otherwise.
    const result = await tx.execute(sql`
      insert into ${devices} (${INSERT_COLUMNS})
      select ${INSERT_COLUMNS} from jsonb_to_recordset(${json}::jsonb) as x(${RECORD_TYPE})
      on conflict (sn) do update set ${UPDATE_SET}
      ${inScope ? sql`where ${inScope}` : sql``}
      returning id, (xmax = 0) as inserted`);
    // node-postgres and PGlite both answer { rows }.
    const written = (result as unknown as { rows: { id: number; inserted: boolean }[] }).rows;
    if (written.length !== chunk.length) {
      throw conflict(t('import.raced'));
    }
    // An updated row may name another project: its face terminal then holds that project's persons. (A
    // new device is on no visitor device list yet, and a marked device whose project stayed sends nothing.)
    await markMovedDevices(
      tx,
      written.filter((w) => !w.inserted).map((w) => w.id),
    );
    for (const w of written) {
      if (w.inserted) created++;
      else updated++;
    }
    progress(created + updated);
  }
  return { created, updated };
}
