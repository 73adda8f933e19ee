import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { Transform, type Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { assertKey, StorageNotFoundError, type ByteRange, type Storage } from './storage.ts';

/**
 * A directory on the local disk (default DATA_DIR/files). Objects fan out into 256 sub-directories
 * by the first two characters of the key, and are written to a temp file, then renamed into place,
 * so a reader never sees half an object.
 */
export class LocalStorage implements Storage {
  constructor(readonly root: string) {}

  #path(key: string) {
    assertKey(key);
    return path.join(this.root, key.slice(0, 2).toLowerCase(), key);
  }

  async put(key: string, body: Readable): Promise<{ size: number }> {
    const file = this.#path(key);
    // Synchronous on purpose: nothing may come between receiving `body` and piping it (an error it
    // emitted in between would have no listener).
    fs.mkdirSync(path.dirname(file), { recursive: true });
    const tmp = `${file}.${randomBytes(6).toString('hex')}.part`;
    let size = 0;
    const counter = new Transform({
      transform(chunk: Buffer, _enc, done) {
        size += chunk.length;
        done(null, chunk);
      },
    });
    const out = fs.createWriteStream(tmp, { flags: 'wx', mode: 0o600 });
    try {
      await pipeline(body, counter, out);
      await fs.promises.rename(tmp, file);
    } catch (err) {
      // A body that fails at once (a refused image) can fail before the file is even open: wait for the
      // destroyed stream to close, or the file is created after it was removed and left behind.
      if (!out.closed) await new Promise<void>((resolve) => out.once('close', () => resolve()));
      await fs.promises.rm(tmp, { force: true });
      throw err;
    }
    return { size };
  }

  async get(key: string, range?: ByteRange): Promise<Readable> {
    const file = this.#path(key);
    const handle = await fs.promises.open(file, 'r').catch((err: NodeJS.ErrnoException) => {
      throw err.code === 'ENOENT' ? new StorageNotFoundError(key) : err;
    });
    return handle.createReadStream(range);
  }

  async delete(key: string): Promise<void> {
    await fs.promises.rm(this.#path(key), { force: true });
  }
}
