import { DATA_FLAG_VALUES } from '@siteops/contracts/device-protocol';
import { parseHjTime, toDustReading, type Hj212Packet } from '@siteops/contracts/hj212';

/**
 * The dust device's telemetry message a real-time upload (2011) carries, with its data flags;
 * undefined when it carries no reading.
 */
export function realtimeTelemetryOf(p: Hj212Packet) {
  const { data, flags: raw } = toDustReading(p.cp, 'Rtd');
  if (Object.keys(data).length === 0) return undefined;
  // A flag the protocol does not know would cost the whole reading: kept only when it is one.
  const flags: Record<string, string> = {};
  for (const [field, flag] of Object.entries(raw)) {
    const f = flag.trim().toUpperCase();
    if ((DATA_FLAG_VALUES as readonly string[]).includes(f)) flags[field] = f;
  }
  const at = p.cp.dataTime ? parseHjTime(p.cp.dataTime) : null;
  return {
    type: 'telemetry',
    ...(at && { ts: at.getTime() }),
    data,
    ...(Object.keys(flags).length > 0 && { flags }),
  };
}
