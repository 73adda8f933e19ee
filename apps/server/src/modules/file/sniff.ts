import { createHash } from 'node:crypto';
import { Transform, type TransformCallback } from 'node:stream';

export class NotAnImageError extends Error {
  constructor() {
    super('Only JPEG, PNG or WebP images are accepted');
  }
}

const HEAD_BYTES = 12;

/** The image type the first bytes announce, whatever the file name or declared type say. */
export function imageMimeOf(head: Buffer): 'image/jpeg' | 'image/png' | 'image/webp' | null {
  if (head.length >= 3 && head[0] === 0xff && head[1] === 0xd8 && head[2] === 0xff) return 'image/jpeg';
  if (head.length >= 8 && head.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])))
    return 'image/png';
  if (head.length >= 12 && head.toString('latin1', 0, 4) === 'RIFF' && head.toString('latin1', 8, 12) === 'WEBP')
    return 'image/webp';
  return null;
}

/**
 * A pass-through that refuses a stream whose first bytes are not a JPEG, PNG or WebP signature
 * (failing with {@link NotAnImageError} before anything past them flows on) and computes the
 * SHA-256 and size of what passes. Only the first 12 bytes are ever held back.
 */
export class ImageSniffer extends Transform {
  mime: ReturnType<typeof imageMimeOf> = null;
  size = 0;
  readonly #hash = createHash('sha256');
  #digest: string | undefined;
  #head: Buffer[] = [];
  #headLength = 0;

  /** Of everything that passed; read it once the stream has ended. */
  get sha256() {
    this.#digest ??= this.#hash.digest('hex');
    return this.#digest;
  }

  override _transform(chunk: Buffer, _enc: BufferEncoding, done: TransformCallback) {
    this.size += chunk.length;
    this.#hash.update(chunk);
    if (this.mime) return done(null, chunk);
    this.#head.push(chunk);
    this.#headLength += chunk.length;
    if (this.#headLength < HEAD_BYTES) return done();
    this.#release(done);
  }

  override _flush(done: TransformCallback) {
    if (this.mime) return done();
    this.#release(done);
  }

  #release(done: TransformCallback) {
    const head = Buffer.concat(this.#head);
    this.#head = [];
    this.mime = imageMimeOf(head);
    if (!this.mime) return done(new NotAnImageError());
    done(null, head);
  }
}
