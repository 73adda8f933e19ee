import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Outlet, useMatches, useNavigation } from 'react-router';
import { PageSpin } from '@/components/PageSpin';
import type { RouteMeta } from '@/lib/routeMeta';

let nprogress: Promise<typeof import('nprogress')> | undefined;
/**
 * The progress bar, loaded when first started rather than with the entry (the login page's first-load
 * budget, issue 9); stopping a bar never started loads nothing. Calls run in order: each waits on the same load.
 */
function progress(run: (bar: typeof import('nprogress')) => void, start = true) {
  if (!start && !nprogress) return;
  nprogress ??= import('nprogress').then(({ default: bar }) => {
    // nprogress's own template puts role="bar" (not an ARIA role) on the bar: the same bar without it.
    bar.configure({
      showSpinner: false,
      template: '<div class="bar"><div class="peg"></div></div>',
      barSelector: '.bar',
    });
    return bar;
  });
  void nprogress.then(run);
}

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
    progress((bar) => (busy ? bar.start() : bar.done()), busy);
  }, [busy]);
  useDocumentTitle();
  return <Outlet />;
}

/** Shown while the first page's guard and code load. */
export function BootScreen() {
  useEffect(() => {
    progress((bar) => bar.start());
    return () => progress((bar) => bar.done(), false);
  }, []);
  return <PageSpin fullScreen />;
}
