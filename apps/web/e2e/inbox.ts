import fs from 'node:fs';
import path from 'node:path';
import { expect } from '@playwright/test';

/**
 * The newest message in `dir` (one JSON file each, written by global-setup.ts's receivers, oldest name
 * first) that `accept` takes, waiting for one to arrive. `what` names it in the failure.
 */
export async function newestIn<T>(dir: string, accept: (message: T) => boolean, what: string): Promise<T> {
  let found: T | undefined;
  await expect
    .poll(
      () => {
        found = all<T>(dir).findLast(accept);
        return Boolean(found);
      },
      { message: what, timeout: 20_000 },
    )
    .toBe(true);
  return found!;
}

/** Every message in `dir` that `accept` takes, oldest first, without waiting. */
export const everyIn = <T>(dir: string, accept: (message: T) => boolean): T[] => all<T>(dir).filter(accept);

function all<T>(dir: string): T[] {
  const files = fs.existsSync(dir) ? fs.readdirSync(dir).sort() : [];
  return files.map((f) => JSON.parse(fs.readFileSync(path.join(dir, f), 'utf8')) as T);
}
