import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Outlet, useMatches, useNavigation } from 'react-router';
import NProgress from 'nprogress';
import { PageSpin } from '@/components/PageSpin';
import type { RouteMeta } from '@/lib/routeMeta';

// nprogress's own template puts role="bar" (not an ARIA role) on the bar: the same bar without it.
NProgress.configure({
  showSpinner: false,
  template: '<div class="bar"><div class="peg"></div></div>',
  barSelector: '.bar',
});

/** The browser tab shows the page's title in the current language. */
function useDocumentTitle() {
  const { t, i18n } = useTranslation();
  const matches = useMatches();
  const meta = matches[matches.length - 1]?.handle as RouteMeta | undefined;
  const language = i18n.language;
  useEffect(() => {
    document.title = meta ? `${t(meta.i18nKey)} · ${t('app.name')}` : t('app.name');
  }, [meta, t, language]);
}

/** Spec 2: every navigation runs the progress bar, from the guard and code loading until the page renders. */
export function RootLayout() {
  const busy = useNavigation().state !== 'idle';
  useEffect(() => {
    if (busy) NProgress.start();
    else NProgress.done();
  }, [busy]);
  useDocumentTitle();
  return <Outlet />;
}

/** Shown while the first page's guard and code load. */
export function BootScreen() {
  useEffect(() => {
    NProgress.start();
    return () => {
      NProgress.done();
    };
  }, []);
  return <PageSpin fullScreen />;
}
