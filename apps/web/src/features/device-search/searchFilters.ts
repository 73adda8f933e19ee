import dayjs, { type Dayjs } from 'dayjs';
import type { SearchQuery } from '@siteops/contracts/device-search/schemas';

/** The URL params the search form owns; the range as ISO instants `from` and `to`. */
export const SEARCH_FILTERS = [
  'deviceType',
  'device',
  'projectId',
  'from',
  'to',
  'source',
  'eventKind',
  'level',
  'field',
  'above',
  'below',
] as const;

export interface SearchFormValues {
  deviceType?: string;
  device?: string;
  projectId?: number;
  range?: [Dayjs | null, Dayjs | null] | null;
  source?: string;
  eventKind?: string;
  level?: string;
  field?: string;
  above?: number | null;
  below?: number | null;
}

/** The last 24 hours to the minute: what the page searches before a range is chosen. */
export function defaultRange(now = Date.now()): { from: string; to: string } {
  const to = Math.ceil(now / 60_000) * 60_000;
  return { from: new Date(to - 86_400_000).toISOString(), to: new Date(to).toISOString() };
}

export function toParams(v: SearchFormValues): Record<string, string> {
  const out: Record<string, string> = {};
  const put = (k: string, value: unknown) => {
    if (value !== undefined && value !== null && String(value).trim() !== '') out[k] = String(value).trim();
  };
  put('deviceType', v.deviceType);
  put('device', v.device);
  put('projectId', v.projectId);
  if (v.range?.[0] && v.range[1]) {
    out.from = v.range[0].toISOString();
    out.to = v.range[1].toISOString();
  }
  put('source', v.source);
  put('eventKind', v.eventKind);
  put('level', v.level);
  put('field', v.field);
  put('above', v.above);
  put('below', v.below);
  return out;
}

export function fromParams(p: URLSearchParams, fallback: { from: string; to: string }): SearchFormValues {
  const num = (k: string) => (p.get(k) !== null && p.get(k) !== '' ? Number(p.get(k)) : undefined);
  return {
    deviceType: p.get('deviceType') ?? undefined,
    device: p.get('device') ?? undefined,
    projectId: num('projectId'),
    range: [dayjs(p.get('from') ?? fallback.from), dayjs(p.get('to') ?? fallback.to)],
    source: p.get('source') ?? undefined,
    eventKind: p.get('eventKind') ?? undefined,
    level: p.get('level') ?? undefined,
    field: p.get('field') ?? undefined,
    above: num('above'),
    below: num('below'),
  };
}

/** URL filter text -> the endpoint's input: the default range where none is chosen; the server checks the rest. */
export function toInput(filters: Record<string, string>, fallback: { from: string; to: string }): Partial<SearchQuery> {
  const { from, to, ...rest } = filters;
  return { ...rest, from: from || fallback.from, to: to || fallback.to } as Partial<SearchQuery>;
}
