import { useState } from 'react';

/**
 * True from the first time `open` is true on: a dialog whose code loads on demand mounts then, and stays
 * mounted so that it can animate its close and keep its state like an eagerly loaded one.
 */
export function useOpenedOnce(open: boolean): boolean {
  const [opened, setOpened] = useState(open);
  if (open && !opened) setOpened(true);
  return opened || open;
}
