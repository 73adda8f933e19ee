import { useSearchParams } from 'react-router';

/**
 * A list's tab held in the address (`tab`) like every other list state: the tab shown (the first of
 * `tabs` when the address names none of them) and the switch to another, which starts again at page 1.
 * With `omitFirst` the first tab leaves `tab` out of the address.
 */
export function useTabParam<T extends string>(tabs: readonly T[], { omitFirst = false } = {}) {
  const [search, setSearch] = useSearchParams();
  const named = search.get('tab');
  const tab = tabs.find((x) => x === named) ?? tabs[0]!;
  const openTab = (key: string) => {
    const next = new URLSearchParams(search);
    if (omitFirst && key === tabs[0]) next.delete('tab');
    else next.set('tab', key);
    next.delete('page');
    setSearch(next);
  };
  return [tab, openTab] as const;
}
