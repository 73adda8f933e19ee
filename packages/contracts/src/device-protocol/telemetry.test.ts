import { describe, expect, it } from 'vitest';
import { deviceMessage, transportCarries } from '../device-protocol.ts';
import { isValidMeasurement, telemetryDataSchemas } from './telemetry.ts';

describe('telemetry data', () => {
  it("a dust monitor keeps its other HJ 212 codes (numbers only); other types drop what they don't know", () => {
    const data = { a34004: 41.5, a34005: 12, a01006: 101.3, L10: 62, B03: 55, note: 7, a34001: 'x', w01018: 'n/a' };
    const dust = telemetryDataSchemas.dust.safeParse({ ...data, a34001: 80 });
    expect(dust.data).toEqual({ a34004: 41.5, a34005: 12, a01006: 101.3, L10: 62, B03: 55, a34001: 80 });
    expect(telemetryDataSchemas.dust.safeParse(data).success).toBe(false);
    expect(telemetryDataSchemas.face.safeParse({ a34005: 1, temperature: 30 }).data).toEqual({ temperature: 30 });
  });

  it('a telemetry message may carry data flags, one of N F M S D C T B (P) per field', () => {
    const ok = deviceMessage.safeParse({ type: 'telemetry', data: { a34004: 40 }, flags: { a34004: 'C' } });
    expect(ok.success).toBe(true);
    expect(deviceMessage.safeParse({ type: 'telemetry', data: {}, flags: { a34004: 'X' } }).success).toBe(false);
    expect(isValidMeasurement({ a34004: 'C' }, 'a34004')).toBe(false);
    expect(isValidMeasurement({ a34004: 'N' }, 'a34004')).toBe(true);
    expect(isValidMeasurement(undefined, 'a34004')).toBe(true);
  });
});

describe('what a transport carries', () => {
  it('an HJ 212 monitor takes its configuration and nothing else; WebSocket, MQTT and a device not linked yet take all', () => {
    expect(transportCarries('hj212', 'config.get')).toBe(true);
    expect(transportCarries('hj212', 'config.set')).toBe(true);
    for (const method of ['reboot', 'snapshot', 'openDoor', 'shell.open', 'http.request'])
      expect(transportCarries('hj212', method)).toBe(false);
    for (const transport of ['ws', 'mqtt', null, undefined])
      expect(transportCarries(transport, 'shell.open')).toBe(true);
  });
});
