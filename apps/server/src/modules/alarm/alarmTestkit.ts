import { afterAll } from 'vitest';
import type { TestApp } from '../../../test/harness.ts';
import { createAgent } from '../../../test/fixtures.ts';

/** An app (closed after the file's tests), its admin's token and two agents, A and B, to test scope with. */
export async function appWithTwoAgents<App extends TestApp>(start: () => Promise<App>) {
  const t = await start();
  afterAll(() => t.close());
  const admin = await t.login();
  const agentA = await createAgent(t, admin);
  const agentB = await createAgent(t, admin);
  return { t, admin, agentA, agentB };
}
