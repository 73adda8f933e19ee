import { describe, expect, it } from 'vitest';
import type { AiStreamReadItem } from '@siteops/contracts/ai-stream/schemas';
import { changesOf, commonValues, mixedValues, patchOf, rangeProblem } from './streamDiff';

const box = (id: number, settings: AiStreamReadItem['settings'], outcome: AiStreamReadItem['outcome'] = 'read') =>
  ({ id, sn: `SN${id}`, devName: null, outcome, reason: null, settings }) satisfies AiStreamReadItem;

const a = box(1, { liveMethod: 'normal', frameRate: 25, bitRate: 1024, detectHelmet: true });
const b = box(2, { liveMethod: 'normal', frameRate: 15, bitRate: 1024, detectHelmet: true });
const off = box(3, null, 'offline');

describe('stream settings form', () => {
  it('starts from what every device that answered agrees on; a field they differ on stays empty', () => {
    expect(commonValues([a, b, off])).toEqual({ liveMethod: 'normal', bitRate: 1024, detectHelmet: true });
    expect(mixedValues([a, b, off], 'frameRate')).toEqual([25, 15]);
    expect(mixedValues([a, b], 'bitRate')).toEqual([]);
  });

  it('pushes only fields some device would change, and shows per device from -> to', () => {
    const patch = patchOf({ liveMethod: 'normal', frameRate: 15, bitRate: 1024, detectHelmet: false }, [a, b]);
    expect(patch).toEqual({ frameRate: 15, detectHelmet: false });
    const [ca, cb] = changesOf(patch, [a, b]);
    expect(ca.changes).toEqual([
      { key: 'frameRate', from: 25, to: 15 },
      { key: 'detectHelmet', from: true, to: false },
    ]);
    expect(cb.changes).toEqual([{ key: 'detectHelmet', from: true, to: false }]);
  });

  it('an unreadable device gets every chosen value, its current ones unknown', () => {
    const patch = patchOf({ bitRate: 1024 }, [a, off]);
    expect(patch).toEqual({ bitRate: 1024 });
    expect(changesOf(patch, [a, off])[1]).toMatchObject({ known: false, changes: [{ key: 'bitRate', to: 1024 }] });
  });

  it('checks the ranges of spec 9', () => {
    expect([0, 1, 30, 31, 2.5].map((v) => rangeProblem('frameRate', v))).toEqual([true, false, false, true, true]);
    expect([149, 150, 1800, 1801].map((v) => rangeProblem('bitRate', v))).toEqual([true, false, false, true]);
    expect(rangeProblem('bitRate', null)).toBe(false);
  });
});
