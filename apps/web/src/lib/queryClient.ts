import { QueryClient } from '@tanstack/react-query';

/**
 * One client for the whole console, shared with the router guard (which runs outside React).
 * Failed calls have already been reported by the HTTP client, so retrying would repeat the toast.
 */
export const queryClient = new QueryClient({
  defaultOptions: {
    queries: { retry: false, refetchOnWindowFocus: false, staleTime: 30_000 },
    mutations: { retry: false },
  },
});
