import stylesheetUrl from 'antd/dist/antd.css?url';

/**
 * antd's zero-runtime mode for a returning browser (issue 9; docs/decisions/0021-antd-prebuilt-stylesheet.md).
 * Drawn from antd's prebuilt stylesheet, the components skip generating, serialising and inserting their
 * styles while the first page renders, the largest share of a warm load's work (the first table row came
 * 27 % sooner, bench/RESULTS.md). The stylesheet (75 KB brotli) is on no route's first load: a browser
 * fetches it when idle in the console (fetchAntdStylesheet.ts) and, from its next load on, while its HTTP
 * cache holds it (hashed name, cached for good), the console uses it. Until then, or when it cannot load,
 * antd generates its styles as before.
 */
// The console keeps its session in localStorage too: where storage is refused, nothing here is reached.
export const REMEMBERED_ANTD_STYLESHEET = 'siteops.antdStylesheet';

let applied = false;

/** Read once by the theme provider: antd fixes each component's mode when it mounts. */
export const antdStylesheetApplied = () => applied;

/**
 * Before the first render: links the stylesheet when this build's copy was fetched on an earlier visit
 * (in front of the console's own CSS, which keeps its overrides), resolving once it applies or has failed.
 * A copy the cache no longer holds must not hold up the page: after 3 s the page renders with
 * runtime styles (the late stylesheet's rules are the same ones).
 */
export function applyRememberedAntdStylesheet(): Promise<void> {
  if (localStorage.getItem(REMEMBERED_ANTD_STYLESHEET) !== stylesheetUrl) return Promise.resolve();
  return new Promise((resolve) => {
    let settled = false;
    const settle = (withStylesheet: boolean) => {
      if (settled) return;
      settled = true;
      applied = withStylesheet;
      resolve();
    };
    const link = document.createElement('link');
    link.rel = 'stylesheet';
    link.href = stylesheetUrl;
    link.onload = () => settle(true);
    link.onerror = () => {
      link.remove();
      localStorage.removeItem(REMEMBERED_ANTD_STYLESHEET);
      settle(false);
    };
    setTimeout(() => settle(false), 3000);
    document.head.prepend(link);
  });
}
