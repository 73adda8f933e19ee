import { randomInt } from 'node:crypto';
import { passwordProblem } from '@siteops/contracts/user/password';
import { hashPassword } from './passwords.ts';

/** Letters and digits nobody confuses when reading one aloud or off a screen: no 0/O/o, 1/l/I, 5/S, 2/Z. */
const ALPHABET = 'ABCDEFGHJKLMNPQRTUVWXYabcdefghijkmnpqrstuvwxyz346789';
const GROUPS = 3;
const GROUP_LENGTH = 4;

/**
 * A random password to read to someone: three groups of four from {@link ALPHABET} joined by `-`
 * (`Kp7m-Qx4r-Tz9w`, about 68 bits). The dashes are the special character the password rule asks for;
 * drawn again until it has a digit and both cases too.
 */
export function oneTimePassword(): string {
  for (;;) {
    const groups = Array.from({ length: GROUPS }, () =>
      Array.from({ length: GROUP_LENGTH }, () => ALPHABET[randomInt(ALPHABET.length)]).join(''),
    );
    const password = groups.join('-');
    if (passwordProblem(password) === null) return password;
  }
}

export interface IssuedPassword {
  /** For the answer to the admin who asked, once; never stored, logged or audited. */
  oneTimePassword: string;
  expiresAt: Date;
  hash: string;
}

/** A fresh one-time password, its hash for the users row and when it stops working. */
export async function issueOneTimePassword(hours: number): Promise<IssuedPassword> {
  const password = oneTimePassword();
  return {
    oneTimePassword: password,
    expiresAt: new Date(Date.now() + hours * 3_600_000),
    hash: await hashPassword(password),
  };
}

/** The users-row columns that put an issued one-time password in place, to be changed after its login. */
export const oneTimeColumns = (issued: IssuedPassword) => ({
  password: issued.hash,
  mustChangePassword: true,
  passwordExpiresAt: issued.expiresAt,
});

/** What the admin who issued it is answered (the only place the password ever appears). */
export const oneTimeAnswer = (issued: IssuedPassword) => ({
  oneTimePassword: issued.oneTimePassword,
  expiresAt: issued.expiresAt.toISOString(),
});

/**
 * A new account's password columns: the one its creator chose, or else a one-time one (`issued`, for
 * the creator's answer).
 */
export async function initialPassword(chosen: string | undefined, hours: number) {
  if (chosen !== undefined) {
    const columns = { password: await hashPassword(chosen), mustChangePassword: false, passwordExpiresAt: null };
    return { columns, issued: null };
  }
  const issued = await issueOneTimePassword(hours);
  return { columns: oneTimeColumns(issued), issued };
}
