import { AI_BOX_DEFAULTS } from './aiBox.ts';
import type { SimDeviceOptions } from './simTypes.ts';

/** The settings a new device starts with (`config.get`); `volume` is a speaker's starting volume. */
export function initialConfig(opts: SimDeviceOptions, volume: number): Record<string, unknown> {
  return {
    name: opts.name ?? `${opts.type} ${opts.sn}`,
    timezone: 'Asia/Shanghai',
    language: 'zh-CN',
    ntpServer: 'ntp.aliyun.com',
    telemetryIntervalS: (opts.telemetryMs ?? 5000) / 1000,
    uploadPictures: opts.pictures ?? true,
    ...(opts.type === 'broadcast' ? { volume } : {}),
    ...(opts.type === 'aiBox' ? AI_BOX_DEFAULTS : {}),
  };
}

/** Merge `patch` into `config` in place; answers the keys whose value changed (compared as JSON). */
export function mergeConfig(config: Record<string, unknown>, patch: Record<string, unknown>): string[] {
  const changed: string[] = [];
  for (const [k, v] of Object.entries(patch)) {
    if (JSON.stringify(config[k]) === JSON.stringify(v)) continue;
    config[k] = v;
    changed.push(k);
  }
  return changed;
}
