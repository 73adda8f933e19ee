import dayjs from 'dayjs';
import { describe, expect, it } from 'vitest';
import { addCampaignBody } from '@siteops/contracts/broadcast/schemas';
import { bodyOf, formFieldOf, stepOf } from './campaignForm';

const fields = {
  name: ' 安全周 ',
  link: 'https://example.com',
  content: '请佩戴安全帽',
  voice: 'male',
  volume: 40,
} as const;

describe('the step form as a request', () => {
  it('makes a body the server accepts, for each schedule and way of choosing speakers', () => {
    const at = dayjs().add(1, 'hour');
    const bodies = [
      bodyOf({ ...fields, by: 'devices', deviceIds: [3, 4], when: 'now' }),
      bodyOf({ ...fields, by: 'project', projectIds: [7], when: 'at', at }),
      bodyOf(
        {
          ...fields,
          by: 'devices',
          deviceIds: [3],
          when: 'daily',
          window: [dayjs('2026-01-01T08:05'), dayjs('2026-01-01T17:30')],
          everyMinutes: 45,
          until: dayjs('2026-12-31T00:00'),
        },
        'Asia/Shanghai',
      ),
    ];
    for (const b of bodies) expect(addCampaignBody.safeParse(b).success).toBe(true);
    expect(bodies[0]).toMatchObject({
      name: '安全周',
      targets: { by: 'devices', deviceIds: [3, 4] },
      schedule: { kind: 'now' },
    });
    expect(bodies[1]).toMatchObject({
      targets: { by: 'project', projectIds: [7] },
      schedule: { at: at.toISOString() },
    });
    expect(bodies[2].schedule).toMatchObject({
      kind: 'daily',
      from: '08:05',
      to: '17:30',
      everyMinutes: 45,
      timeZone: 'Asia/Shanghai',
    });
  });

  it("puts the server's field errors on the form's fields, on their steps", () => {
    expect(formFieldOf('content')).toBe('content');
    expect(formFieldOf('targets.projectIds')).toBe('projectIds');
    expect(formFieldOf('targets')).toBe('deviceIds');
    expect(formFieldOf('schedule.at')).toBe('at');
    expect(formFieldOf('schedule.to')).toBe('window');
    expect(formFieldOf('schedule')).toBe('when');
    expect(formFieldOf('unknown')).toBeUndefined();
    expect([stepOf('link'), stepOf('at'), stepOf('deviceIds')]).toEqual([0, 1, 1]);
  });
});
