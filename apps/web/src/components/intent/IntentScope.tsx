import { useRef, useState, type ReactNode } from 'react';
import { IntentContext, swapKeepingFocus, type Intent } from './intent';

/**
 * A group of triggers (a table row's actions, the navbar's buttons) whose popups, tooltips and menus mount
 * only once the pointer enters the group or the keyboard focuses into it: a list's first paint then draws
 * plain buttons instead of a Popconfirm, Dropdown or Tooltip per row (issue 9). The buttons are swapped for
 * the wrapped ones synchronously on that first pointer entry, before a press can start on them, and the
 * keyboard focus moves to the same button in the new tree. The span has no box (`display: contents`), so
 * the layout is what the children make it.
 */
export function IntentScope({ children }: { children: ReactNode }) {
  const [armed, setArmed] = useState(false);
  const ref = useRef<HTMLSpanElement>(null);
  const intent: Intent = {
    armed,
    arm: (first) =>
      swapKeepingFocus(ref.current, () => {
        first?.();
        setArmed(true);
      }),
  };
  const onIntent = () => {
    if (!armed) intent.arm();
  };
  return (
    <span
      ref={ref}
      style={{ display: 'contents' }}
      onPointerEnter={onIntent}
      // Only a keyboard's focus: a mouse press focuses the button too, and swapping it between the press
      // and the release would lose the click (the pointer entry has armed the scope before that anyway).
      onFocus={(e) => {
        if (e.target.matches(':focus-visible')) onIntent();
      }}
    >
      <IntentContext value={intent}>{children}</IntentContext>
    </span>
  );
}
