import { z } from 'zod';
import { text } from '../shared/text.ts';

/** What the command palette finds besides pages: the records a role may open, each on its list page. */
export const SEARCH_KINDS = ['device', 'project', 'visitor'] as const;
export type SearchKind = (typeof SEARCH_KINDS)[number];

/** Hits per kind, at most. */
export const SEARCH_LIMIT_MAX = 10;

export const searchQuery = z.object({
  /** Contained in a device's name or serial number, a project's name or code, a visitor's name. */
  q: text().trim().min(1, 'q is required').max(64),
  limit: z.coerce.number().int().min(1).max(SEARCH_LIMIT_MAX).default(5),
});

export const searchHit = z.object({
  kind: z.enum(SEARCH_KINDS),
  id: z.number(),
  title: z.string(),
  /** A second line: a device's serial number, a project's code, a visitor's project. */
  subtitle: z.string().nullable(),
  /** The console page that shows it, its list filtered to it. */
  path: z.string(),
});
export type SearchHit = z.infer<typeof searchHit>;

export const searchAnswer = z.object({ hits: z.array(searchHit) });
