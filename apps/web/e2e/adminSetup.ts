import type { APIRequestContext } from '@playwright/test';
import { ADMIN, addProject, apiLogin, grantDevice } from './support';

/**
 * An admin session (its token) and a new project of no agent, named `${label}_…` with a code
 * `${codePrefix}…`: the scene most site specs set through the API before the console part.
 */
export async function adminProject(request: APIRequestContext, label: string, codePrefix: string) {
  const admin = await apiLogin(request, ADMIN);
  const { id: projectId, name: projectName } = await addProject(request, admin, { label, codePrefix });
  return { admin, projectId, projectName };
}

/** An admin session (its token) and a device granted through the API, as {@link grantDevice} grants it. */
export async function adminDevice(request: APIRequestContext, device: Parameters<typeof grantDevice>[2]) {
  const admin = await apiLogin(request, ADMIN);
  return { admin, granted: await grantDevice(request, admin, device) };
}
