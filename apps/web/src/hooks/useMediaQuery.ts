import { useCallback, useSyncExternalStore } from 'react';

/** Phone-sized screens: the menu becomes a drawer, query forms stack. */
export const PHONE_QUERY = '(max-width: 767px)';

/** Whether a CSS media query matches, kept in sync as the window changes. */
export function useMediaQuery(query: string): boolean {
  const subscribe = useCallback(
    (onChange: () => void) => {
      const list = window.matchMedia(query);
      list.addEventListener('change', onChange);
      return () => list.removeEventListener('change', onChange);
    },
    [query],
  );
  return useSyncExternalStore(subscribe, () => window.matchMedia(query).matches);
}
