import { createHash } from 'node:crypto';
import { Transform, type TransformCallback } from 'node:stream';
import { IMAGE_HEADER_MAX_BYTES, imageHeader, type ImageMime } from '../../http/imageHeader.ts';

export class NotAnImageError extends Error {
  constructor() {
    super('Only JPEG, PNG or WebP images are accepted');
  }
}

/** The image type a decoded header announces, whatever the file name or declared type say. */
export function imageMimeOf(head: Buffer): ImageMime | null {
  return imageHeader(head)?.mime ?? null;
}

/**
 * A pass-through that refuses a stream whose header does not decode as a JPEG, PNG or WebP image with a
 * size in pixels (failing with {@link NotAnImageError} before anything flows on) and computes the SHA-256
 * and size of what passes. Bytes are held back only until the header is read (at most
 * {@link IMAGE_HEADER_MAX_BYTES}, a JPEG's metadata included).
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
    const head = Buffer.concat(this.#head);
    this.#head = [head];
    this.mime = imageMimeOf(head);
    if (this.mime) return this.#release(done);
    if (this.#headLength >= IMAGE_HEADER_MAX_BYTES) return done(new NotAnImageError());
    done();
  }

  override _flush(done: TransformCallback) {
    if (this.mime) return done();
    this.#release(done);
  }

  #release(done: TransformCallback) {
    const head = Buffer.concat(this.#head);
    this.#head = [];
    this.mime ??= imageMimeOf(head);
    if (!this.mime) return done(new NotAnImageError());
    done(null, head);
  }
}
