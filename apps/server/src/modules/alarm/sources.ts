import { serial } from '../../core/rounds.ts';
import type { Db } from '../../db/client.ts';
import type { DeviceEventRecord } from '../../gateway/index.ts';
import type { LivePublisher, Notifier } from '../../ports/context.ts';
import type { SourceDeps } from './sourceAlarm.ts';
import { autoClearEvents, judgeEvents } from './sourceEvents.ts';
import { sweepSpellSources } from './sourceSpells.ts';

interface Log {
  warn(obj: object, msg: string): void;
}

/**
 * The alarms of the sources other than readings (issue 32): "no data for N minutes" and "offline longer
 * than N minutes", judged by a sweep over the database's state (the devices' last heartbeat and last
 * reading, the open alarms), and device events, judged as they are stored. Nothing is kept in memory: a
 * restart loses nothing, and with several instances sweeping, one open alarm per device and rule (the
 * partial unique index) and guarded updates make each raise, repeat and clear happen once.
 *
 * An offline alarm tells the admins and the device's agent in their message box, and again when the
 * device is back, as the hard-wired notification it replaces did. Those it told are kept on the alarm's
 * `raised` entry (`noticed`), so the project's escalation chain does not tell them again in the message box.
 *
 * The sources themselves: sourceSpells.ts (offline, no data; the offline notices in sourceOfflineNotices.ts),
 * sourceEvents.ts (device events); what they share (raising once, which rules hold a device) in sourceAlarm.ts.
 */
export class SourceAlarms {
  readonly #batches = serial((err) => this.log.warn({ err }, 'alarm rules failed on a batch of events'));

  constructor(
    private readonly db: Db,
    private readonly log: Log,
    private readonly live?: LivePublisher,
    private readonly notifications?: Notifier,
  ) {}

  /** Queue a stored batch of events. */
  feedEvents(events: readonly DeviceEventRecord[]): void {
    this.#batches.add(() => judgeEvents(this.#deps, events));
  }

  /** Resolves once every batch queued so far is judged. */
  idle(): Promise<void> {
    return this.#batches.idle();
  }

  /** One sweep of the time-based sources at `now` (ms): offline, no data, event alarms clearing themselves. */
  async sweep(now = Date.now()): Promise<void> {
    await sweepSpellSources(this.#deps, now);
    await autoClearEvents(this.#deps, now);
  }

  get #deps(): SourceDeps {
    return { db: this.db, live: this.live, notifications: this.notifications };
  }
}
