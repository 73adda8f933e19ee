import type { Readable } from 'node:stream';

/**
 * Where file bytes live. Bodies are streams in and out, never whole buffers: firmware can be
 * hundreds of MB. Keys are opaque names chosen by the server (a file id), never client input.
 */
export interface Storage {
  /**
   * Stream `body` into `key`. The object appears only once the stream has ended without error;
   * on any error nothing is left behind and the error is rethrown.
   */
  put(key: string, body: Readable): Promise<{ size: number }>;
  /**
   * A stream of the object, or of bytes `start`..`end` (inclusive) of it; rejects with
   * {@link StorageNotFoundError} when it does not exist.
   */
  get(key: string, range?: ByteRange): Promise<Readable>;
  /** Remove the object; a missing one is not an error. */
  delete(key: string): Promise<void>;
}

/** Bytes `start` to `end`, both inclusive (HTTP Range). */
export interface ByteRange {
  start: number;
  end: number;
}

export class StorageNotFoundError extends Error {}

const KEY_SHAPE = /^[A-Za-z0-9][A-Za-z0-9._-]{0,127}$/;

export function assertKey(key: string) {
  if (!KEY_SHAPE.test(key) || key.includes('..')) throw new Error(`Invalid storage key: ${key}`);
}
