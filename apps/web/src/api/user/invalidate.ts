import type { QueryClient } from '@tanstack/react-query';

/**
 * After a user changed: lists and the overview reload; cached details are dropped rather than
 * refetched, because an admin's open detail is a revealed (audited) read and must not repeat.
 */
export async function refreshUsers(client: QueryClient) {
  client.removeQueries({ queryKey: ['user', 'detail'] });
  await Promise.all(
    ['list', 'proList', 'overview'].map((what) => client.invalidateQueries({ queryKey: ['user', what] })),
  );
}
