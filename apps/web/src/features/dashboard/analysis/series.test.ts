import { describe, expect, it } from 'vitest';
import type { AnalyticsAnswer } from '@siteops/contracts/analytics/schemas';
import { dustSeries, eventSeries, presenceSeries, total, uptimeBars } from './series';

const B = ['2026-11-24T00:00:00.000Z', '2026-11-24T01:00:00.000Z', '2026-11-24T02:00:00.000Z'];
const dust = (at: string, projectName: string | null, pm25: number | null, pm25Over: number) => ({
  at,
  projectId: projectName ? 1 : null,
  projectName,
  readings: 1,
  pm25,
  pm10: null,
  noise: null,
  pm25Over,
  pm10Over: 0,
  noiseOver: 0,
});
const answer: AnalyticsAnswer = {
  buckets: B,
  dust: [dust(B[0], 'North', 40, 0), dust(B[2], 'North', 90, 2), dust(B[1], null, 10, 0)],
  lifting: [],
  passes: [],
  events: [
    { at: B[1], deviceType: 'dust', kind: 'overLimit', count: 2 },
    { at: B[2], deviceType: 'dust', kind: 'overLimit', count: 1 },
  ],
  presence: [
    { at: B[0], group: 'dust', groupName: null, onlinePct: 75 },
    { at: B[2], group: 'dust', groupName: null, onlinePct: 50 },
    { at: B[1], group: '7', groupName: 'North', onlinePct: 100 },
  ],
  uptime: [
    { group: 'dust', groupName: null, uptimePct: 62.5, devices: 4 },
    { group: '7', groupName: 'North', uptimePct: 100, devices: 1 },
  ],
};
const nameOf = (r: { group: string | null; groupName: string | null }) => r.groupName ?? `type:${r.group}`;

describe('analysis series', () => {
  it('places each project’s rows at their buckets, a gap where it reported nothing', () => {
    const { averages, exceedances } = dustSeries(answer, 'pm25', '(none)');
    expect(averages).toEqual([
      { name: 'North', values: [40, null, 90] },
      { name: '(none)', values: [null, 10, null] },
    ]);
    expect(total(exceedances)).toBe(2);
  });

  it('counts events per type and kind with zeroes between', () => {
    const s = eventSeries(answer, (type, kind) => `${type}/${kind}`);
    expect(s).toEqual([{ name: 'dust/overLimit', values: [0, 2, 1] }]);
  });

  it('draws an online-rate line per dimension value, a gap where it was not sampled', () => {
    expect(presenceSeries(answer, nameOf)).toEqual([
      { name: 'type:dust', values: [75, null, 50] },
      { name: 'North', values: [null, 100, null] },
    ]);
  });

  it('lays uptime out as one bar per dimension value and names the lowest', () => {
    expect(uptimeBars(answer, nameOf, 'Uptime')).toEqual({
      labels: ['type:dust', 'North'],
      series: [{ name: 'Uptime', values: [62.5, 100] }],
      lowest: { name: 'type:dust', pct: 62.5, devices: 4 },
    });
    expect(uptimeBars({ ...answer, uptime: [] }, nameOf, 'Uptime').lowest).toBeNull();
  });
});
