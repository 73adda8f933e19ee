import { describe, expect, it } from 'vitest';
import { dueSends } from './steps.ts';

const raised = new Date('2026-11-29T08:00:00Z');
const at = (minutes: number, seconds = 0) => new Date(raised.getTime() + minutes * 60_000 + seconds * 1000);
const chain = { steps: [{ delayMinutes: 0 }, { delayMinutes: 10 }, { delayMinutes: 30 }], repeatMinutes: null };

describe('which escalation sends an alarm is owed', () => {
  it('step 1 at once, step 2 after 10 minutes, step 3 after 30', () => {
    expect(dueSends(chain, raised, at(0))).toEqual([{ step: 1, repeatNo: 0 }]);
    expect(dueSends(chain, raised, at(9, 59))).toEqual([{ step: 1, repeatNo: 0 }]);
    expect(dueSends(chain, raised, at(10))).toEqual([
      { step: 1, repeatNo: 0 },
      { step: 2, repeatNo: 0 },
    ]);
    expect(dueSends(chain, raised, at(45)).map((d) => d.step)).toEqual([1, 2, 3]);
  });

  it('nothing before the first step is due', () => {
    expect(dueSends({ steps: [{ delayMinutes: 5 }], repeatMinutes: 5 }, raised, at(4, 59))).toEqual([]);
  });

  it('reminders every N minutes of the latest step, the current one only, until the next step', () => {
    const reminding = { ...chain, repeatMinutes: 4 };
    expect(dueSends(reminding, raised, at(3, 59))).toEqual([{ step: 1, repeatNo: 0 }]);
    expect(dueSends(reminding, raised, at(4))).toEqual([
      { step: 1, repeatNo: 0 },
      { step: 1, repeatNo: 1 },
    ]);
    expect(dueSends(reminding, raised, at(9))).toContainEqual({ step: 1, repeatNo: 2 });
    // Step 2 is due: step 1's reminders stop, step 2's count from its own time.
    expect(dueSends(reminding, raised, at(13))).toEqual([
      { step: 1, repeatNo: 0 },
      { step: 2, repeatNo: 0 },
    ]);
    expect(dueSends(reminding, raised, at(14))).toContainEqual({ step: 2, repeatNo: 1 });
    // After a long stop (no instance ran): the steps once each and the current reminder, not a burst.
    expect(dueSends(reminding, raised, at(30 + 4 * 7 + 1))).toEqual([
      { step: 1, repeatNo: 0 },
      { step: 2, repeatNo: 0 },
      { step: 3, repeatNo: 0 },
      { step: 3, repeatNo: 7 },
    ]);
  });
});
