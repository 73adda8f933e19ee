import { Suspense, type ReactNode } from 'react';

/**
 * `children` (a part whose code loads on demand) mounted from when `when` is true, with nothing shown
 * while the code loads.
 */
export function MountWhen({ when, children }: { when: boolean; children: ReactNode }) {
  return when ? <Suspense fallback={null}>{children}</Suspense> : null;
}
