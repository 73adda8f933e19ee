import type { AlarmRuleScope } from '@siteops/contracts/alarm/rules';
import type { StoredAlarmSource } from '../../db/schema/index.ts';

/**
 * The time-based sources (issue 32): "no data for N minutes" and "offline longer than N minutes" judge a
 * spell (a silence since the last reading, an offline spell since the last heartbeat) rather than one
 * reading; and the event source judges each device event. Pure functions, judged by the sweep
 * (sweep.ts) and the event feed (events.ts) over the database's state.
 */

/** A spell that began more than this before it reached its delay is not news (a device dark for months). */
export const SPELL_NEWS_MS = 86_400_000;
/** A spell alarm repeats (count + 1) every delay, and at most once a minute. */
const REPEAT_MIN_MS = 60_000;

/** How many times a spell of `delayMs` has been reached by `now`: 0 before its delay, then one per period. */
export function spellCount(since: number, delayMs: number, now: number): number {
  const over = now - since - delayMs;
  if (over < 0) return 0;
  return 1 + Math.floor(over / Math.max(delayMs, REPEAT_MIN_MS));
}

/** An open alarm of a spell rule: the spell it is about and its count. */
export interface OpenSpell {
  since: number;
  count: number;
}

export interface SpellStep {
  /** Clear the open alarm: its spell ended (data came, the device is back), or another began. */
  clear: boolean;
  /** Raise an alarm for the current spell, first at `at` (since + delay), with `count`. */
  raise?: { at: number; count: number };
  /** The open alarm's spell went on for another period: its count and the time the period was reached. */
  repeat?: { at: number; count: number };
}

/**
 * One spell rule on one device, at `now` (ms). `since` is the current spell's start (null: none, e.g. the
 * device is online); `alarmed` whether an alarm of this rule was already raised for this spell (cleared by
 * a person since: not raised again).
 */
export function spellStep(
  since: number | null,
  delayMs: number,
  now: number,
  open: OpenSpell | null,
  alarmed: boolean,
): SpellStep {
  const ended = open !== null && (since === null || since !== open.since);
  const count = since === null ? 0 : spellCount(since, delayMs, now);
  if (open && !ended) {
    return count > open.count ? { clear: false, repeat: { at: since! + delayMs, count } } : { clear: false };
  }
  if (since === null || count === 0 || alarmed) return { clear: ended };
  if (now - (since + delayMs) > SPELL_NEWS_MS) return { clear: ended };
  return { clear: ended, raise: { at: since + delayMs, count } };
}

/** A device event as rules read it. */
export interface EventSeen {
  kind: string;
  data: Record<string, unknown>;
}

/** Whether an event rule's source takes the event: its kind, and its code among the event's `codes`. */
export function eventMatches(source: StoredAlarmSource, event: EventSeen): boolean {
  if (source.kind !== 'event' || source.event !== event.kind) return false;
  if (source.code === undefined) return true;
  const codes = event.data.codes;
  return Array.isArray(codes) && codes.includes(source.code);
}

/** What an event alarm records of its event: its id and kind, and its plain values (codes as a list). */
export function eventValues(e: { id: string; kind: string; data: Record<string, unknown> }, picture: boolean) {
  const out: Record<string, number | boolean | string> = { eventId: e.id, event: e.kind };
  for (const [k, v] of Object.entries(e.data)) {
    if (typeof v === 'number' || typeof v === 'boolean' || typeof v === 'string') out[k] = v;
    else if (Array.isArray(v) && v.every((x) => typeof x === 'string')) out[k] = v.join(',');
  }
  if (picture) out.picture = true;
  return out;
}

/** How narrow each scope is. */
const NARROWNESS: Record<AlarmRuleScope, number> = { fleet: 0, agent: 1, project: 2, device: 3 };

/**
 * Of the rules of one source that apply to a device, those that count: per `keyOf` (offline: one key;
 * no data: one key; events: the kind and code), the narrowest scope, and at one scope a rule of the
 * device's type before one of every type. A project's "offline 10 minutes" replaces the fleet's default.
 */
export function narrowestOf<R extends { scope: string; deviceType: string | null }>(
  rules: readonly R[],
  keyOf: (r: R) => string,
): R[] {
  const rank = (r: R) => NARROWNESS[r.scope as AlarmRuleScope] * 2 + (r.deviceType === null ? 0 : 1);
  const best = new Map<string, number>();
  for (const r of rules) best.set(keyOf(r), Math.max(best.get(keyOf(r)) ?? -1, rank(r)));
  return rules.filter((r) => rank(r) === best.get(keyOf(r)));
}

/**
 * How many silences of at least `minutes` a device's readings at `times` (ms, ascending) show between
 * `from` and `to`: each gap between two readings (or from the last one to `to`) that long is one alarm
 * of "no data for N minutes". Before the first reading nothing is known (the history may be pruned).
 */
export function silencesIn(times: readonly number[], minutes: number, to: number): number {
  const gap = minutes * 60_000;
  let n = 0;
  for (let i = 1; i < times.length; i++) if (times[i] - times[i - 1] >= gap) n++;
  if (times.length && to - times[times.length - 1] >= gap) n++;
  return n;
}
