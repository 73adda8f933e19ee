import { create } from 'zustand';
import { createJSONStorage, persist } from 'zustand/middleware';
import * as list from './tabList';
import type { TabItem } from './tabList';
import { hasStringFields } from '@/lib/storedValue';

/**
 * Spec 3 "tab bar list of visited tabs plus a cache list". `tabs` survive reloads; `cache` names the
 * pages kept alive (rendered hidden) in this page load, and "reload" drops a page from it.
 */
interface TabsState {
  tabs: TabItem[];
  cache: string[];
  /** Open a page's tab; past `max` tabs the least recently used close. */
  open: (tab: TabItem, max?: number) => void;
  close: (key: string) => void;
  closeOthers: (key: string) => void;
  closeLeft: (key: string) => void;
  closeRight: (key: string) => void;
  closeAll: () => void;
  /** Forget the kept-alive page so the next visit mounts it afresh. */
  uncache: (key: string) => void;
  reset: () => void;
}

/** Drop cached pages whose tab is gone. */
function keepCached(cache: readonly string[], tabs: readonly TabItem[]) {
  return cache.filter((key) => tabs.some((t) => t.key === key));
}

function isTabItem(value: unknown): value is TabItem {
  if (!hasStringFields(value, ['key', 'name', 'i18nKey', 'fullPath'])) return false;
  const { usedAt } = value as Partial<TabItem>;
  return usedAt === undefined || typeof usedAt === 'number';
}

export const useTabsStore = create<TabsState>()(
  persist(
    (set) => {
      const apply = (change: (tabs: TabItem[]) => TabItem[]) =>
        set((s) => {
          const tabs = change(s.tabs);
          return { tabs, cache: keepCached(s.cache, tabs) };
        });
      return {
        tabs: [list.HOME_TAB],
        cache: [],
        open: (tab, max) =>
          set((s) => {
            const tabs = list.openTab(s.tabs, tab, max);
            const cache = s.cache.includes(tab.key) ? s.cache : [...s.cache, tab.key];
            return { tabs, cache: keepCached(cache, tabs) };
          }),
        close: (key) => apply((tabs) => list.closeTab(tabs, key)),
        closeOthers: (key) => apply((tabs) => list.closeOthers(tabs, key)),
        closeLeft: (key) => apply((tabs) => list.closeLeft(tabs, key)),
        closeRight: (key) => apply((tabs) => list.closeRight(tabs, key)),
        closeAll: () => apply(() => list.closeAll()),
        uncache: (key) => set((s) => ({ cache: s.cache.filter((k) => k !== key) })),
        reset: () => set({ tabs: [list.HOME_TAB], cache: [] }),
      };
    },
    {
      name: 'tabs',
      version: 1,
      storage: createJSONStorage(() => localStorage),
      partialize: (state) => ({ tabs: state.tabs }),
      merge: (stored, current) => {
        const tabs = (stored as { tabs?: unknown } | undefined)?.tabs;
        return Array.isArray(tabs) ? { ...current, tabs: list.normalizeTabs(tabs.filter(isTabItem)) } : current;
      },
    },
  ),
);
