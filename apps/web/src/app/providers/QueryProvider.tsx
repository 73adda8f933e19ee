import type { ReactNode } from 'react';
import { QueryClientProvider } from '@tanstack/react-query';
import { queryClient } from '@/lib/queryClient';

/**
 * The query cache for what is rendered inside: the console layout and the standalone pages that read
 * through it. Not at the root, so the login page loads none of TanStack Query (its first-load budget,
 * issue 9); every provider shares the one client, so the cache is the same everywhere.
 */
export function QueryProvider({ children }: { children: ReactNode }) {
  return <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>;
}
