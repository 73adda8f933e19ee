import { expect } from 'vitest';
import { projectApi } from '@siteops/contracts/project/api';
import type { TestApp } from '../../../test/harness.ts';
import { createAgent, createUser, uniq } from '../../../test/fixtures.ts';

/** A user signed in: its id and token. */
export type Person = { id: number; token: string };

/** A new user (admin-made with `overrides`), signed in. */
export async function signedInPerson(t: TestApp, admin: string, overrides: Record<string, unknown>): Promise<Person> {
  const u = await createUser(t, admin, overrides);
  return { id: u.id, token: await t.login(u.userName, u.password) };
}

/**
 * Two tenants for scope tests: agents A and B with a user each, and two projects of A (codes starting
 * `codePrefix`), the first with a manager and a member of A.
 */
export async function twoTenants(t: TestApp, admin: string, codePrefix: string) {
  const [agentA, agentB] = [await createAgent(t, admin), await createAgent(t, admin)];
  const userA = await signedInPerson(t, admin, { agentId: agentA.id });
  const userB = await signedInPerson(t, admin, { agentId: agentB.id });
  const manager = await signedInPerson(t, admin, { role: 'manager', agentId: agentA.id });
  const member = await signedInPerson(t, admin, { agentId: agentA.id });
  const project = async () =>
    (await t.api(projectApi.add, { name: 'Site', code: uniq(codePrefix), agentId: agentA.id }, admin)).body.data
      .id as number;
  const [p1, p2] = [await project(), await project()];
  expect((await t.api(projectApi.addManager, { projectId: p1, userId: manager.id }, admin)).body.code).toBe(200);
  expect((await t.api(projectApi.addMembers, { projectId: p1, userIds: [member.id] }, admin)).body.code).toBe(200);
  return { agentA, agentB, userA, userB, manager, member, p1, p2 };
}
