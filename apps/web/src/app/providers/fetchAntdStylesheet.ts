import stylesheetUrl from 'antd/dist/antd.css?url';
import { antdStylesheetApplied, REMEMBERED_ANTD_STYLESHEET } from './antdStylesheet';

/**
 * Once the console is drawn and the browser idle: fetches this build's antd stylesheet into the HTTP cache
 * for the next load (antdStylesheet.ts). Here and not in the entry, which the login page's budget keeps small.
 */
export function fetchAntdStylesheetWhenIdle() {
  if (antdStylesheetApplied()) return;
  (window.requestIdleCallback ?? setTimeout)(() =>
    fetch(stylesheetUrl)
      .then((response) => (response.ok ? response.text() : Promise.reject(new Error(response.statusText))))
      .then(
        () => localStorage.setItem(REMEMBERED_ANTD_STYLESHEET, stylesheetUrl),
        // Best effort and unseen: without it the next load generates its styles, as this one did.
        () => undefined,
      ),
  );
}
