import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { EVENTS_REFRESH_MS, FleetRefresh, PRESENCE_REFRESH_MS } from './fleetRefresh';

describe('FleetRefresh', () => {
  let runs: number;
  let refresh: FleetRefresh;
  beforeEach(() => {
    vi.useFakeTimers();
    runs = 0;
    refresh = new FleetRefresh(() => runs++);
  });
  afterEach(() => vi.useRealTimers());

  it('refetches once shortly after a device came or went, however many frames arrive', () => {
    refresh.changed({ presence: 1, events: 0 });
    vi.advanceTimersByTime(500);
    refresh.changed({ presence: 3, events: 2 });
    vi.advanceTimersByTime(PRESENCE_REFRESH_MS - 501);
    expect(runs).toBe(0);
    vi.advanceTimersByTime(1);
    expect(runs).toBe(1);
    vi.advanceTimersByTime(60_000);
    expect(runs).toBe(1);
  });

  it('waits longer for events alone, and a presence change brings the refetch forward', () => {
    for (let i = 0; i < 4; i++) {
      refresh.changed({ presence: 0, events: 50 });
      vi.advanceTimersByTime(1_000);
    }
    expect(runs).toBe(0);
    vi.advanceTimersByTime(EVENTS_REFRESH_MS - 4_000);
    expect(runs).toBe(1);

    refresh.changed({ presence: 0, events: 1 });
    vi.advanceTimersByTime(100);
    refresh.changed({ presence: 1, events: 0 });
    vi.advanceTimersByTime(PRESENCE_REFRESH_MS);
    expect(runs).toBe(2);
    vi.advanceTimersByTime(EVENTS_REFRESH_MS);
    expect(runs).toBe(2);
  });

  it('does nothing once stopped (the Workplace was left)', () => {
    refresh.changed({ presence: 1, events: 0 });
    refresh.stop();
    vi.advanceTimersByTime(EVENTS_REFRESH_MS);
    expect(runs).toBe(0);
  });
});
