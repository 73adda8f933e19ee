import { createHash } from 'node:crypto';
import type { GatePerson } from '@siteops/contracts/device-protocol';
import type { SimEventSpec } from './model.ts';

/** A person as the simulated face terminal holds it: the photo kept by its hash, as a real one keeps a template. */
export interface HeldPerson {
  personId: string;
  name: string;
  role: GatePerson['role'];
  validFrom: string;
  validTo: string;
  photoSha256: string;
}

/** What a face shown at the terminal came to, and the event the terminal reports for it, if any. */
export type PassOutcome =
  | { passed: true; event: SimEventSpec }
  | { passed: false; reason: 'unknown'; event: SimEventSpec }
  | { passed: false; reason: 'outsideWindow'; event?: undefined }
  | { passed: false; reason: 'notFaceTerminal'; event?: undefined };

const isFace = (buf: Buffer) =>
  (buf.length > 3 && buf[0] === 0xff && buf[1] === 0xd8) || buf.subarray(0, 4).toString('hex') === '89504e47';

/**
 * The person list of a simulated face terminal (docs/device-protocol.md 5.2). It lives on the device,
 * so it survives a lost link and a reboot, as a real terminal's flash does. `persons.add` takes each
 * photo from the call (`photo.data`) or fetches it from the server the device is linked to (`httpBase`,
 * the gateway's scheme and host), and checks it against the hash before keeping the person.
 */
export class FaceLibrary {
  readonly #persons = new Map<string, HeldPerson>();
  /** How many held persons use each photo: a photo already held is not fetched again (looked up per person, so a map). */
  readonly #photoUses = new Map<string, number>();
  /** Photos downloaded (not those sent inside the call), and persons received in `persons.add` calls (tests count them: nothing is sent twice). */
  fetches = 0;
  received = 0;

  constructor(readonly httpBase: () => string) {}

  get size() {
    return this.#persons.size;
  }

  /** Who the terminal holds, by personId. */
  list(): HeldPerson[] {
    return [...this.#persons.values()].sort((a, b) => a.personId.localeCompare(b.personId));
  }

  get(personId: string): HeldPerson | undefined {
    return this.#persons.get(personId);
  }

  /** Whether `personId` may pass now (held and inside its window). */
  admits(personId: string, now = Date.now()): boolean {
    const p = this.#persons.get(personId);
    return !!p && Date.parse(p.validFrom) <= now && now <= Date.parse(p.validTo);
  }

  /**
   * A face shown at the terminal, as its reader sees it (docs/device-protocol.md 5.2): a person it holds,
   * inside the window, passes and the terminal reports a `pass` event naming the person; one it holds
   * outside the window is refused without an event (the door stays shut, as for a card out of date); a
   * face it does not hold is a `stranger` event, never a pass.
   */
  present(personId: string, direction: 'in' | 'out' = 'in', now = Date.now()): PassOutcome {
    const p = this.#persons.get(personId);
    if (!p) {
      return {
        passed: false,
        reason: 'unknown',
        event: { kind: 'stranger', level: 'warning', picture: true, data: { direction, similarity: 0.31 } },
      };
    }
    if (!this.admits(personId, now)) return { passed: false, reason: 'outsideWindow' };
    return {
      passed: true,
      event: {
        kind: 'pass',
        level: 'info',
        picture: true,
        data: { personId, personName: p.name, direction, verifyMode: 'face', similarity: 0.97, role: p.role },
      },
    };
  }

  async add(persons: GatePerson[]) {
    const added: string[] = [];
    const failed: { personId: string; code: string; message: string }[] = [];
    this.received += persons.length;
    await Promise.all(
      persons.map(async (p) => {
        try {
          const sha = await this.#fetchPhoto(p.photo);
          this.#release(p.personId);
          this.#photoUses.set(sha, (this.#photoUses.get(sha) ?? 0) + 1);
          this.#persons.set(p.personId, {
            personId: p.personId,
            name: p.name,
            role: p.role,
            validFrom: p.validFrom,
            validTo: p.validTo,
            photoSha256: sha,
          });
          added.push(p.personId);
        } catch (err) {
          failed.push({
            personId: p.personId,
            code: 'failed',
            message: err instanceof Error ? err.message : String(err),
          });
        }
      }),
    );
    return { added, failed };
  }

  remove(personIds: string[]) {
    return { removed: personIds.filter((id) => this.#release(id) && this.#persons.delete(id)) };
  }

  /** Drops a held person's use of its photo; answers whether the person was held. */
  #release(personId: string): boolean {
    const held = this.#persons.get(personId);
    if (!held) return false;
    const uses = (this.#photoUses.get(held.photoSha256) ?? 1) - 1;
    if (uses > 0) this.#photoUses.set(held.photoSha256, uses);
    else this.#photoUses.delete(held.photoSha256);
    return true;
  }

  page(offset = 0, limit = 100) {
    const all = this.list();
    return { total: all.length, persons: all.slice(offset, offset + limit) };
  }

  async #fetchPhoto(photo: GatePerson['photo']): Promise<string> {
    if (this.#photoUses.has(photo.sha256)) return photo.sha256;
    const buf = photo.data === undefined ? await this.#download(photo.url) : Buffer.from(photo.data, 'base64');
    const sha = createHash('sha256').update(buf).digest('hex');
    if (sha !== photo.sha256) throw new Error('photo does not match its sha256');
    if (!isFace(buf)) throw new Error('photo is not a JPEG or PNG');
    return sha;
  }

  async #download(url: string): Promise<Buffer> {
    this.fetches++;
    const res = await fetch(new URL(url, this.httpBase()), { signal: AbortSignal.timeout(5_000) });
    if (!res.ok) throw new Error(`photo download answered HTTP ${res.status}`);
    return Buffer.from(await res.arrayBuffer());
  }
}

/** `ws://host:port/gateway` -> `http://host:port`; `wss:` -> `https:`. */
