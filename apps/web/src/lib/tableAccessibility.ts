/**
 * What antd's Table leaves out for keyboard and screen-reader users, added by one observer over the
 * document while the console is shown (the pages outside it have no tables). antd's Table adds a hidden
 * row (`aria-hidden`, zero height) that copies the column titles to measure their widths; titles with
 * buttons (sorters, help icons) leave focusable controls inside it, which a keyboard user tabs into
 * without seeing and axe reports (aria-hidden-focus). Marking the row `inert` takes it out of focus order
 * and the accessibility tree (antd gives no prop for that row). A table that scrolls sideways gets a tab
 * stop.
 */
export function keepTablesAccessible(root: HTMLElement): () => void {
  const mark = () => {
    for (const row of root.querySelectorAll('tr[aria-hidden="true"]:not([inert])')) row.setAttribute('inert', '');
    // A table wider than its card scrolls sideways; with no link or button in it (an empty or plain
    // table) a keyboard user could not scroll it (axe scrollable-region-focusable). A tab stop fixes that.
    for (const region of root.querySelectorAll('.ant-table-content:not([tabindex]), .ant-table-body:not([tabindex])'))
      region.setAttribute('tabindex', '0');
  };
  mark();
  const observer = new MutationObserver(mark);
  observer.observe(root, { childList: true, subtree: true });
  return () => observer.disconnect();
}
