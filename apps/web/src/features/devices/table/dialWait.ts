import { create } from 'zustand';
import { createJSONStorage, persist } from 'zustand/middleware';

/**
 * How long a device (re)authorised here is shown as waiting to dial in: longer than a refused device's
 * backoff ceiling, short enough that a device that is simply switched off stops saying so.
 */
export const DIAL_WAIT_MS = 60 * 60 * 1000;

interface DialWaitState {
  /** Device id -> when this console authorised it (ms). */
  since: Record<number, number>;
  authorised: (ids: number[], at?: number) => void;
  /** Linked (or forbidden again): no longer waiting. */
  done: (ids: number[]) => void;
}

/**
 * Devices authorised from this console that have not linked since (issue 33): a device refused before
 * keeps backing off and stays offline for minutes, so its row says it is waiting for it to dial in again.
 */
export const useDialWait = create<DialWaitState>()(
  persist(
    (set) => ({
      since: {},
      authorised: (ids, at = Date.now()) =>
        set((s) => ({
          since: Object.fromEntries([
            ...Object.entries(s.since).filter(([, t]) => at - t < DIAL_WAIT_MS),
            ...ids.map((id) => [String(id), at] as const),
          ]),
        })),
      done: (ids) =>
        set((s) =>
          ids.some((id) => id in s.since)
            ? { since: Object.fromEntries(Object.entries(s.since).filter(([id]) => !ids.includes(Number(id)))) }
            : s,
        ),
    }),
    { name: 'siteops-dial-wait', storage: createJSONStorage(() => localStorage) },
  ),
);

/** Whether the device shows "waiting for the device to dial in again" now. */
export function awaitingDial(
  device: { authStatus: string; onlineStatus: string },
  since: number | undefined,
  now = Date.now(),
): boolean {
  return (
    since !== undefined &&
    device.authStatus === 'authorize' &&
    device.onlineStatus !== 'online' &&
    now - since < DIAL_WAIT_MS
  );
}
