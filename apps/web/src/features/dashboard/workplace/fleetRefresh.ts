/** What a `fleet` frame counts since the last one (contracts/live/schemas.ts). */
export interface FleetChange {
  presence: number;
  events: number;
}

/**
 * How soon the figures are refetched after a change. A device coming or going shows within a moment;
 * events alone wait longer, since a busy fleet sends some every second and each refetch counts the
 * day's events again. The server sends at most one `fleet` frame a second per tab.
 */
export const PRESENCE_REFRESH_MS = 1_500;
export const EVENTS_REFRESH_MS = 5_000;

/** One refetch for every change that arrives before it, brought forward when presence changes. */
export class FleetRefresh {
  #pending: { timer: ReturnType<typeof setTimeout>; at: number } | undefined;

  constructor(private readonly run: () => void) {}

  changed(change: FleetChange) {
    const at = Date.now() + (change.presence > 0 ? PRESENCE_REFRESH_MS : EVENTS_REFRESH_MS);
    if (this.#pending && this.#pending.at <= at) return;
    this.stop();
    this.#pending = {
      at,
      timer: setTimeout(() => {
        this.#pending = undefined;
        this.run();
      }, at - Date.now()),
    };
  }

  stop() {
    clearTimeout(this.#pending?.timer);
    this.#pending = undefined;
  }
}
