/**
 * The tab bar's list logic, kept pure so it is easy to test. A tab is one page (keyed by its path);
 * opening it again with another query only updates where the tab leads.
 */
export interface TabItem {
  /** The page's path: one tab per page. */
  key: string;
  /** Route name, which selects the page component. */
  name: string;
  /** i18n key of the title, translated when drawn so tabs follow the language. */
  i18nKey: string;
  /** Path with query, where clicking the tab goes. */
  fullPath: string;
  /** When the tab was last opened (ms): the least recently used goes first past the cap. */
  usedAt?: number;
}

/** Tabs kept open unless the settings say otherwise (the workplace counts). */
export const TABS_MAX_DEFAULT = 20;
export const TABS_MAX_MIN = 5;
export const TABS_MAX_MAX = 50;

/** The workplace tab is always there and cannot be closed. */
export const HOME_TAB: TabItem = {
  key: '/dashboard/workplace',
  name: 'workplace',
  i18nKey: 'menu.dashboard.workplace',
  fullPath: '/dashboard/workplace',
};

export function isHome(key: string) {
  return key === HOME_TAB.key;
}

/** Always starts with the home tab, without duplicates. */
export function normalizeTabs(tabs: readonly TabItem[]): TabItem[] {
  const home = tabs.find((t) => isHome(t.key)) ?? HOME_TAB;
  const rest: TabItem[] = [];
  for (const tab of tabs) {
    if (!isHome(tab.key) && !rest.some((t) => t.key === tab.key)) rest.push(tab);
  }
  return [home, ...rest];
}

/**
 * Open (or return to) a page's tab, marked as just used. Past `max` tabs the least recently used ones
 * close, never the workplace nor the tab being opened; the order on the bar stays as it was.
 */
export function openTab(tabs: readonly TabItem[], tab: TabItem, max = TABS_MAX_DEFAULT, now = Date.now()): TabItem[] {
  const index = tabs.findIndex((t) => t.key === tab.key);
  const next = [...tabs];
  if (index === -1) next.push({ ...tab, usedAt: now });
  else next[index] = { ...next[index], fullPath: tab.fullPath, usedAt: now };
  const open = normalizeTabs(next);
  const over = open.length - Math.max(2, max);
  if (over <= 0) return open;
  const leastUsed = open
    .filter((t) => !isHome(t.key) && t.key !== tab.key)
    .sort((a, b) => (a.usedAt ?? 0) - (b.usedAt ?? 0))
    .slice(0, over)
    .map((t) => t.key);
  return open.filter((t) => !leastUsed.includes(t.key));
}

export function closeTab(tabs: readonly TabItem[], key: string): TabItem[] {
  return normalizeTabs(tabs.filter((t) => isHome(t.key) || t.key !== key));
}

export function closeOthers(tabs: readonly TabItem[], key: string): TabItem[] {
  return normalizeTabs(tabs.filter((t) => isHome(t.key) || t.key === key));
}

export function closeLeft(tabs: readonly TabItem[], key: string): TabItem[] {
  const index = tabs.findIndex((t) => t.key === key);
  return normalizeTabs(index === -1 ? tabs : tabs.filter((t, i) => isHome(t.key) || i >= index));
}

export function closeRight(tabs: readonly TabItem[], key: string): TabItem[] {
  const index = tabs.findIndex((t) => t.key === key);
  return normalizeTabs(index === -1 ? tabs : tabs.filter((t, i) => isHome(t.key) || i <= index));
}

export function closeAll(): TabItem[] {
  return [HOME_TAB];
}

/** Where to go when the tab `key` closes while it is the active one: its left neighbour, else its right one. */
export function neighbourOf(tabs: readonly TabItem[], key: string): TabItem {
  const index = tabs.findIndex((t) => t.key === key);
  if (index === -1) return tabs[0] ?? HOME_TAB;
  return tabs[index - 1] ?? tabs[index + 1] ?? HOME_TAB;
}
