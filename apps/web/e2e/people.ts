import type { APIRequestContext } from '@playwright/test';
import { projectApi } from '@siteops/contracts/project/api';
import { userApi } from '@siteops/contracts/user/api';
import { api, createUser, type Credentials } from './support';

/** The id of the user named `userName`, found by an admin (`token`). */
export async function userIdOf(request: APIRequestContext, token: string, userName: string): Promise<number> {
  return (await api(request, userApi.listAll, { userName }, token)).list[0]!.id;
}

/**
 * A new manager account appointed to project `projectId` by an admin (`token`); `fields` are more of the
 * user's fields (the agent it works for). Answers its credentials and user id.
 */
export async function appointManager(
  request: APIRequestContext,
  token: string,
  projectId: number,
  fields: Record<string, unknown> = {},
): Promise<{ manager: Credentials; managerId: number }> {
  const manager = await createUser(request, 'manager', 'Passw0rd!e2e', fields);
  const managerId = await userIdOf(request, token, manager.username);
  await api(request, projectApi.addManager, { projectId, userId: managerId }, token);
  return { manager, managerId };
}
