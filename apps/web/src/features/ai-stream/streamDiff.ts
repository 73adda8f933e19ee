import {
  AI_STREAM_KEYS,
  BIT_RATE,
  FRAME_RATE,
  type AiStreamKey,
  type AiStreamPatch,
  type AiStreamReadItem,
} from '@siteops/contracts/ai-stream/schemas';

/** The form's values: a field left empty (devices differ, nobody chose) is not pushed. */
export type StreamFormValues = { [K in AiStreamKey]?: AiStreamPatch[K] | null };

type Reported = NonNullable<AiStreamReadItem['settings']>;

/** Values all the devices that answered agree on; a key they differ on (or none reported) is left out. */
export function commonValues(rows: readonly AiStreamReadItem[]): StreamFormValues {
  const read = rows.filter((r) => r.outcome === 'read' && r.settings).map((r) => r.settings as Reported);
  const out: Record<string, unknown> = {};
  if (read.length === 0) return out;
  for (const key of AI_STREAM_KEYS) {
    const values = new Set(read.map((s) => JSON.stringify(s[key])));
    if (values.size === 1 && read[0][key] !== undefined) out[key] = read[0][key];
  }
  return out;
}

/** The distinct values devices report for `key`, when they differ (the form says so under the field). */
export function mixedValues(rows: readonly AiStreamReadItem[], key: AiStreamKey): unknown[] {
  const values = rows.filter((r) => r.outcome === 'read' && r.settings).map((r) => r.settings![key]);
  const distinct = [...new Set(values.map((v) => JSON.stringify(v)))].map((v) => (v === undefined ? v : JSON.parse(v)));
  return distinct.length > 1 ? distinct : [];
}

/** What would be pushed: every field given a value that some device does not have yet (or is unknown). */
export function patchOf(values: StreamFormValues, rows: readonly AiStreamReadItem[]): AiStreamPatch {
  const patch: Record<string, unknown> = {};
  for (const key of AI_STREAM_KEYS) {
    const value = values[key];
    if (value === undefined || value === null) continue;
    const differs = rows.some((r) => r.outcome !== 'read' || r.settings?.[key] !== value);
    if (differs) patch[key] = value;
  }
  return patch as AiStreamPatch;
}

export interface DeviceChange {
  id: number;
  sn: string;
  devName: string | null;
  /** Unknown when the device could not be read; its changes are then what the push sends. */
  known: boolean;
  changes: { key: AiStreamKey; from: unknown; to: unknown }[];
}

/** Per device, the settings the push would change, from what it reported to what the form holds. */
export function changesOf(patch: AiStreamPatch, rows: readonly AiStreamReadItem[]): DeviceChange[] {
  return rows.map((r) => {
    const known = r.outcome === 'read' && r.settings !== null;
    const changes = (Object.entries(patch) as [AiStreamKey, unknown][])
      .filter(([key, to]) => !known || r.settings![key] !== to)
      .map(([key, to]) => ({ key, from: known ? r.settings![key] : undefined, to }));
    return { id: r.id, sn: r.sn, devName: r.devName, known, changes };
  });
}

/** The settings with a spec range (whole numbers from min to max). */
export const STREAM_RANGES = { frameRate: FRAME_RATE, bitRate: BIT_RATE };

/** The form's check of a whole-number field; the same ranges as the server's (contracts/ai-stream/schemas.ts). */
export function rangeProblem(key: keyof typeof STREAM_RANGES, value: unknown): boolean {
  if (value === undefined || value === null || value === '') return false;
  const range = STREAM_RANGES[key];
  return !(typeof value === 'number' && Number.isInteger(value) && value >= range.min && value <= range.max);
}
