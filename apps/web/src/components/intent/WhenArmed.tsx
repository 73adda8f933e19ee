import type { ReactElement } from 'react';
import { useIntent } from './intent';

/**
 * `render(children)` once its IntentScope is armed, `children` alone before: for a popup that opens on a
 * hover or a right click, which the pointer's entry into the scope always precedes.
 */
export function WhenArmed({
  children,
  render,
}: {
  children: ReactElement;
  render: (children: ReactElement) => ReactElement;
}) {
  return useIntent().armed ? render(children) : children;
}
