import { randomBytes } from 'node:crypto';
import fs from 'node:fs';

/**
 * Creates a private (mode 0600) key file holding `content`, unless another starter got there first.
 * Written whole to a private temp file, then linked into place: a concurrent starter either wins the
 * link or reads the complete winner, never a half-written key. Throws what the file system says.
 */
export function createKeyFileOnce(file: string, content: string) {
  const tmp = `${file}.${process.pid}.${randomBytes(4).toString('hex')}.tmp`;
  fs.writeFileSync(tmp, content, { mode: 0o600, flag: 'wx' });
  try {
    fs.linkSync(tmp, file);
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
  } finally {
    fs.rmSync(tmp, { force: true });
  }
}
