import type { MenuNode } from '@siteops/contracts/shared/routes';
import type { SearchHit } from '@siteops/contracts/search/schemas';
import { hasStringFields } from '@/lib/storedValue';

/** One line of the palette: a page of the menu, or a record the search found. */
export interface PaletteItem {
  /** Unique among the lines: `page:<path>` or `<kind>:<id>`. */
  key: string;
  kind: 'page' | SearchHit['kind'];
  title: string;
  subtitle?: string | null;
  path: string;
}

/** The pages a role's menu holds (its leaves), titled in the current language. */
export function pageItems(menu: readonly MenuNode[], title: (i18nKey: string) => string): PaletteItem[] {
  return menu.flatMap((node) =>
    node.children?.length
      ? node.children.map((child) => ({
          key: `page:${child.path}`,
          kind: 'page' as const,
          title: title(child.i18nKey),
          subtitle: title(node.i18nKey),
          path: child.path,
        }))
      : [{ key: `page:${node.path}`, kind: 'page' as const, title: title(node.i18nKey), path: node.path }],
  );
}

/** Lines whose title, second line or path contains the text (any case); all of them for no text. */
export function matchPages(pages: readonly PaletteItem[], text: string): PaletteItem[] {
  const q = text.trim().toLowerCase();
  if (!q) return [...pages];
  return pages.filter((p) => `${p.title} ${p.subtitle ?? ''} ${p.path}`.toLowerCase().includes(q));
}

export const hitItem = (hit: SearchHit): PaletteItem => ({
  key: `${hit.kind}:${hit.id}`,
  kind: hit.kind,
  title: hit.title,
  subtitle: hit.subtitle,
  path: hit.path,
});

/**
 * The lines to show: the recently opened ones that match the text first (newest first; a page only while
 * the role's menu still offers it), then the rest in their order, each once.
 */
export function recentFirst(items: readonly PaletteItem[], recent: readonly PaletteItem[], text = ''): PaletteItem[] {
  const offered = new Set(items.map((item) => item.key));
  const first = matchPages(
    recent.filter((r) => r.kind !== 'page' || offered.has(r.key)),
    text,
  );
  const keys = new Set(first.map((r) => r.key));
  return [...first, ...items.filter((item) => !keys.has(item.key))];
}

/** The lines opened lately, newest first, at most `max`. */
export function rememberRecent(recent: readonly PaletteItem[], item: PaletteItem, max = 8): PaletteItem[] {
  return [item, ...recent.filter((r) => r.key !== item.key)].slice(0, max);
}

/** Whether a stored value is a palette line (localStorage may hold anything). */
export function isPaletteItem(value: unknown): value is PaletteItem {
  return hasStringFields(value, ['key', 'kind', 'title', 'path']) && value.path.startsWith('/');
}
