import { Activity, memo, Suspense } from 'react';
import { useLocation } from 'react-router';
import { PageErrorBoundary } from '@/components/PageErrorBoundary';
import { PageSpin } from '@/components/PageSpin';
import { useTabsStore } from '@/stores/tabs';
import { pageFor } from '@/app/router/pages';
import { useCurrentRoute } from './useCurrentRoute';

interface Entry {
  key: string;
  name: string;
}

/**
 * One page of the console. Memoised: the layout re-renders when a tab opens or the cache grows (right
 * after every first load), and a page's whole tree must not render again for that.
 */
const KeptPage = memo(function KeptPage({ name }: { name: string }) {
  const { Component } = pageFor(name);
  return (
    <PageErrorBoundary>
      <Suspense fallback={<PageSpin />}>
        <Component routeName={name} />
      </Suspense>
    </PageErrorBoundary>
  );
});

/**
 * Draws the current page plus every page kept alive for the tab bar. The others are rendered inside a
 * hidden <Activity>: their state (forms, scroll, filters) survives switching tabs, while their effects
 * are paused until they are shown again. Closing or reloading a tab drops it from the cache.
 */
export function KeepAlivePages() {
  const current = useCurrentRoute();
  const location = useLocation();
  const tabs = useTabsStore((s) => s.tabs);
  const cache = useTabsStore((s) => s.cache);

  // Table pages have static paths, so the path pattern is the tab key; /redirect/* is never cached.
  const activeKey = current?.tab ? current.path : location.pathname;
  const entries: Entry[] = tabs.filter((tab) => tab.key !== activeKey && cache.includes(tab.key));
  if (current) entries.push({ key: activeKey, name: current.name });
  // A stable order, so that switching tabs never moves a page's DOM.
  entries.sort((a, b) => a.key.localeCompare(b.key));

  return entries.map(({ key, name }) => (
    <Activity key={key} mode={key === activeKey ? 'visible' : 'hidden'}>
      <KeptPage name={name} />
    </Activity>
  ));
}
