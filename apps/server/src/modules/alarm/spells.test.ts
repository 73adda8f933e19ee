import { describe, expect, it } from 'vitest';
import { eventMatches, eventValues, narrowestOf, silencesIn, spellCount, spellStep, SPELL_NEWS_MS } from './spells.ts';

const MIN = 60_000;
const T = Date.parse('2026-06-01T08:00:00Z');

describe('spells (no data, offline)', () => {
  it('a spell counts once its delay is reached, then once per further delay (at most once a minute)', () => {
    expect(spellCount(T, 30 * MIN, T + 29 * MIN)).toBe(0);
    expect(spellCount(T, 30 * MIN, T + 30 * MIN)).toBe(1);
    expect(spellCount(T, 30 * MIN, T + 59 * MIN)).toBe(1);
    expect(spellCount(T, 30 * MIN, T + 60 * MIN)).toBe(2);
    // A delay of 0 (the offline notice at once) repeats once a minute, not every sweep.
    expect(spellCount(T, 0, T)).toBe(1);
    expect(spellCount(T, 0, T + 59_000)).toBe(1);
    expect(spellCount(T, 0, T + 2 * MIN)).toBe(3);
  });

  it('raises when the delay is reached, repeats per period, clears when the spell ends', () => {
    expect(spellStep(T, 10 * MIN, T + 9 * MIN, null, false)).toEqual({ clear: false });
    expect(spellStep(T, 10 * MIN, T + 10 * MIN, null, false)).toEqual({
      clear: false,
      raise: { at: T + 10 * MIN, count: 1 },
    });
    // Open: the same spell going on is a repeat only when a period passed.
    expect(spellStep(T, 10 * MIN, T + 15 * MIN, { since: T, count: 1 }, false)).toEqual({ clear: false });
    expect(spellStep(T, 10 * MIN, T + 20 * MIN, { since: T, count: 1 }, false)).toEqual({
      clear: false,
      repeat: { at: T + 10 * MIN, count: 2 },
    });
    // The device is back (no spell) or data came (a newer spell): clear.
    expect(spellStep(null, 10 * MIN, T + 20 * MIN, { since: T, count: 2 }, false)).toEqual({ clear: true });
    expect(spellStep(T + 19 * MIN, 10 * MIN, T + 20 * MIN, { since: T, count: 2 }, false)).toEqual({ clear: true });
    // A newer spell already past its delay: the old alarm clears and the new one is raised.
    expect(spellStep(T + 5 * MIN, 10 * MIN, T + 20 * MIN, { since: T, count: 1 }, false)).toEqual({
      clear: true,
      raise: { at: T + 15 * MIN, count: 1 },
    });
  });

  it('a spell already alarmed (cleared by a person) or older than a day is not raised', () => {
    expect(spellStep(T, 10 * MIN, T + 10 * MIN, null, true)).toEqual({ clear: false });
    expect(spellStep(T, 10 * MIN, T + 10 * MIN + SPELL_NEWS_MS + 1, null, false)).toEqual({ clear: false });
  });

  it('silences in a stored history: each gap that long, and the one up to now', () => {
    const at = (m: number) => T + m * MIN;
    expect(silencesIn([at(0), at(10), at(50), at(55), at(100)], 30, at(110))).toBe(2);
    expect(silencesIn([at(0), at(10)], 30, at(40))).toBe(1);
    expect(silencesIn([at(0), at(10)], 30, at(39))).toBe(0);
    expect(silencesIn([], 30, at(100))).toBe(0);
  });
});

describe('events', () => {
  const collision = { kind: 'alarm', data: { flags: 16, codes: ['collision'], load: 2 } };
  it('an event rule takes its kind, and when it names a code only events carrying it', () => {
    expect(eventMatches({ kind: 'event', event: 'alarm' }, collision)).toBe(true);
    expect(eventMatches({ kind: 'event', event: 'alarm', code: 'collision' }, collision)).toBe(true);
    expect(eventMatches({ kind: 'event', event: 'alarm', code: 'overload' }, collision)).toBe(false);
    expect(eventMatches({ kind: 'event', event: 'noHelmet' }, collision)).toBe(false);
    expect(eventMatches({ kind: 'offline' }, collision)).toBe(false);
  });

  it('an event alarm keeps the event id, its plain values and whether it had a picture', () => {
    expect(eventValues({ id: 'e1', ...collision }, false)).toEqual({
      eventId: 'e1',
      event: 'alarm',
      flags: 16,
      codes: 'collision',
      load: 2,
    });
    expect(eventValues({ id: 'e2', kind: 'noHelmet', data: { channel: 1, box: [0, 0, 1, 1] } }, true)).toEqual({
      eventId: 'e2',
      event: 'noHelmet',
      channel: 1,
      picture: true,
    });
  });
});

describe('the narrowest rules of a source', () => {
  it('a project rule replaces the fleet default; at one scope a typed rule goes before one of every type', () => {
    const fleetAny = { id: 1, scope: 'fleet', deviceType: null };
    const fleetDust = { id: 2, scope: 'fleet', deviceType: 'dust' };
    const project = { id: 3, scope: 'project', deviceType: null };
    expect(narrowestOf([fleetAny, fleetDust], () => 'offline').map((r) => r.id)).toEqual([2]);
    expect(narrowestOf([fleetAny, fleetDust, project], () => 'offline').map((r) => r.id)).toEqual([3]);
    // Different keys (events of different kinds) do not replace each other.
    expect(narrowestOf([fleetAny, project], (r) => String(r.id)).map((r) => r.id)).toEqual([1, 3]);
  });
});
