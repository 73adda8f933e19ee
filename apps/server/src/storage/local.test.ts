import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { text } from 'node:stream/consumers';
import { describe, expect, it } from 'vitest';
import { LocalStorage } from './local.ts';
import { StorageNotFoundError } from './storage.ts';

const root = () => fs.mkdtempSync(path.join(os.tmpdir(), 'siteops-storage-'));
const files = (dir: string) =>
  fs
    .readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((e) => e.isFile())
    .map((e) => e.name);

describe('LocalStorage', () => {
  it('streams in and out, chunk by chunk', async () => {
    const storage = new LocalStorage(root());
    let produced = 0;
    const body = Readable.from(
      (function* () {
        for (let i = 0; i < 64; i++) {
          produced++;
          yield Buffer.alloc(64 * 1024, i);
        }
      })(),
    );
    expect(await storage.put('abc123', body)).toEqual({ size: 64 * 64 * 1024 });
    expect(produced).toBe(64);
    let size = 0;
    for await (const chunk of await storage.get('abc123')) size += (chunk as Buffer).length;
    expect(size).toBe(64 * 64 * 1024);
  });

  it('leaves nothing behind when the source fails midway', async () => {
    const dir = root();
    const storage = new LocalStorage(dir);
    const body = new Readable({ read() {} });
    body.push(Buffer.alloc(1000));
    setImmediate(() => body.destroy(new Error('client went away')));
    await expect(storage.put('broken1', body)).rejects.toThrow('client went away');
    expect(files(dir)).toEqual([]);
    await expect(storage.get('broken1')).rejects.toBeInstanceOf(StorageNotFoundError);
  });

  it('deletes, and deleting twice is fine', async () => {
    const storage = new LocalStorage(root());
    await storage.put('k1', Readable.from(['hello']));
    expect(await text(await storage.get('k1'))).toBe('hello');
    await storage.delete('k1');
    await storage.delete('k1');
    await expect(storage.get('k1')).rejects.toBeInstanceOf(StorageNotFoundError);
  });

  it('refuses keys that could escape its directory', async () => {
    const storage = new LocalStorage(root());
    await expect(storage.put('../evil', Readable.from(['x']))).rejects.toThrow(/Invalid storage key/);
    await expect(storage.get('a/../../b')).rejects.toThrow(/Invalid storage key/);
  });
});
