import { useRef, useState, type FocusEvent } from 'react';
import { swapKeepingFocus } from './intent';

/**
 * The one rule for mounting a group's hover-only parts (popups, tooltips, sort hints) late: armed on the
 * pointer's first entry into the group or a keyboard focus into it, synchronously, so a press that starts
 * on a button lands on the button as it will be drawn (a swap between press and release loses the click),
 * and the keyboard's focus moves to the same place in the new tree. Spread `bind` on the group's element.
 */
export function useArmOnIntent<E extends HTMLElement>() {
  const [armed, setArmed] = useState(false);
  const ref = useRef<E>(null);
  /** Arms now; `first` runs in the same render (e.g. opening the popup whose button was pressed). */
  const arm = (first?: () => void) =>
    swapKeepingFocus(ref.current, () => {
      first?.();
      setArmed(true);
    });
  const onIntent = () => {
    if (!armed) arm();
  };
  const bind = {
    ref,
    onPointerEnter: onIntent,
    // Only a keyboard's focus: a mouse press focuses the button too, after the pointer entry armed the group.
    onFocus: (e: FocusEvent) => {
      if ((e.target as Element).matches(':focus-visible')) onIntent();
    },
  };
  return { armed, arm, bind };
}
