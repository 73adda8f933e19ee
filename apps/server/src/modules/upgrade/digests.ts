import { createHash, type Hash } from 'node:crypto';
import { Transform, type TransformCallback } from 'node:stream';
import type { CheckType } from '@siteops/contracts/upgrade/schemas';

/**
 * Passes bytes through unchanged while computing MD5, SHA-1 and SHA-256 and counting them, so a
 * package is hashed on its way to storage and never held whole in memory.
 */
export class Digests extends Transform {
  size = 0;
  readonly #hashes: Record<CheckType, Hash> = {
    MD5: createHash('md5'),
    SHA1: createHash('sha1'),
    SHA256: createHash('sha256'),
  };
  #hex: Record<CheckType, string> | undefined;

  override _transform(chunk: Buffer, _enc: BufferEncoding, done: TransformCallback) {
    this.size += chunk.length;
    for (const hash of Object.values(this.#hashes)) hash.update(chunk);
    done(null, chunk);
  }

  /** The three digests, lower-case hex; only once the stream has ended. */
  hex(): Record<CheckType, string> {
    this.#hex ??= {
      MD5: this.#hashes.MD5.digest('hex'),
      SHA1: this.#hashes.SHA1.digest('hex'),
      SHA256: this.#hashes.SHA256.digest('hex'),
    };
    return this.#hex;
  }
}
