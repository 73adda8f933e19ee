import { describe, expect, it } from 'vitest';
import dayjs from 'dayjs';
import type { DateRange } from '@/components/form/formKit';
import { rangeSearch } from './rangeSearch';

interface Filters {
  actor?: string;
  range?: DateRange | null;
}

describe('rangeSearch', () => {
  it('names the texts then the two instants, as its converters write them', () => {
    const search = rangeSearch<Filters>(['actor']);
    expect(search.filters).toEqual(['actor', 'from', 'to']);
    const params = search.toParams({ actor: 'ann', range: [dayjs('2026-01-02T03:04:05Z'), null] });
    expect(Object.keys(params).sort()).toEqual(['actor', 'from']);
  });

  it('takes the instants under the names given', () => {
    const search = rangeSearch<Filters>(['actor'], { from: 'createdFrom', to: 'createdTo', wholeDays: true });
    expect(search.filters).toEqual(['actor', 'createdFrom', 'createdTo']);
    const back = search.fromParams(new URLSearchParams('actor=ann&createdTo=2026-01-02T00:00:00.000Z'));
    expect(back.actor).toBe('ann');
    expect(back.range?.[0]).toBeNull();
  });
});
