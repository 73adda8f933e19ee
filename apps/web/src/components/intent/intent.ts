import { createContext, useContext } from 'react';
import { flushSync } from 'react-dom';

export interface Intent {
  /** The popups of this scope are mounted. */
  armed: boolean;
  /** Mounts them now; `first` runs in the same render (e.g. opening the popup whose button was pressed). */
  arm: (first?: () => void) => void;
}

/** Outside an IntentScope (a drawer, the login page) every popup mounts at once, as before. */
export const IntentContext = createContext<Intent>({ armed: true, arm: (first) => first?.() });

export const useIntent = () => useContext(IntentContext);

const FOCUSABLE = 'button, a[href], input, [tabindex]:not([tabindex="-1"])';

/**
 * Runs `update` synchronously; if it replaced the focused element inside `container`, focuses the element
 * at the same place in the new tree, so a keyboard user's next Tab goes on from where it was.
 */
export function swapKeepingFocus(container: HTMLElement | null, update: () => void) {
  const focused = document.activeElement;
  const index = container && focused ? [...container.querySelectorAll(FOCUSABLE)].indexOf(focused) : -1;
  flushSync(update);
  if (container && focused && index >= 0 && !focused.isConnected) {
    container.querySelectorAll<HTMLElement>(FOCUSABLE)[index]?.focus();
  }
}
