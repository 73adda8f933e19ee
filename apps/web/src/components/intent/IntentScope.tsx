import type { ReactNode } from 'react';
import { IntentContext } from './intent';
import { useArmOnIntent } from './useArmOnIntent';

/**
 * A group of triggers (a table row's actions, the navbar's buttons) whose popups, tooltips and menus mount
 * only once the pointer enters the group or the keyboard focuses into it: a list's first paint then draws
 * plain buttons instead of a Popconfirm, Dropdown or Tooltip per row (issue 9); `useArmOnIntent` says
 * when. The span has no box (`display: contents`), so the layout is what the children make it.
 */
export function IntentScope({ children }: { children: ReactNode }) {
  const { armed, arm, bind } = useArmOnIntent<HTMLSpanElement>();
  return (
    <span {...bind} style={{ display: 'contents' }}>
      <IntentContext value={{ armed, arm }}>{children}</IntentContext>
    </span>
  );
}
