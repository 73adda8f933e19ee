import { useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { userApi } from '@siteops/contracts/user/api';
import type { Endpoint, InputOf } from '@siteops/contracts/shared/endpoint';
import { call } from '@/api/endpoint';
import { endpointQuery } from '@/api/queries';
import { keyOf } from '@/api/queryKey';

/**
 * After a user changed: lists and the overview reload; cached details are dropped rather than
 * refetched, because an admin's open detail is a revealed (audited) read and must not repeat.
 */
async function refreshUsers(client: QueryClient) {
  client.removeQueries({ queryKey: keyOf(userApi.detail) });
  await Promise.all(
    [userApi.listAll, userApi.proListAll, userApi.overview].map((e) =>
      client.invalidateQueries({ queryKey: keyOf(e) }),
    ),
  );
}

/** A write to users (add, update, delete, reset password), refreshing as {@link refreshUsers} says. */
export function useUserWrite<E extends Endpoint>(endpoint: E) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: InputOf<E>) => call(endpoint, input),
    onSuccess: () => refreshUsers(client),
  });
}

/** One user for the edit form; `reveal`: full ID and card numbers (admin only; the server audits that read). */
export function useUserDetail(id: number | undefined, reveal: boolean) {
  return useQuery({
    ...endpointQuery(userApi.detail, reveal ? { id: id ?? 0, reveal: '1' } : { id: id ?? 0 }),
    // A revealed read is audited once per opening of the form, not again from a cache refresh.
    staleTime: reveal ? 0 : 30_000,
    gcTime: reveal ? 0 : undefined,
    enabled: id !== undefined,
  });
}
