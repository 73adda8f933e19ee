import type { QueryClient } from '@tanstack/react-query';
import { getLatestReadings } from '../../../api/device-link/latest';
import type { PageResult } from '../../../api/page';
import { READING_TYPES } from './capabilities';
import { DEVICE_LIST_KEY, type LiveDeviceRow } from './liveCache';

type Readings = { latest: NonNullable<LiveDeviceRow['latest']>; at: string | null };

const CONCURRENCY = 4;

/**
 * The device list answers rows without their latest readings (the contract promises `latest` there;
 * until the registry adds it), so a freshly loaded list would show nothing until each device's next
 * reading. Fill the gap: for listed rows of the reading types that come without `latest`, ask
 * `/api/device/:id/latest` once, remember it (kept current by live telemetry), and put it into the
 * rows again whenever the list is refetched. Rows that arrive with `latest` are left alone, so this
 * goes quiet by itself once the list carries it.
 */
export class LatestReadingsFallback {
  readonly #known = new Map<number, Readings>();
  readonly #inflight = new Set<number>();
  #scheduled = false;
  #stopped = false;
  readonly #unsubscribe: () => void;

  constructor(private readonly client: QueryClient) {
    this.#unsubscribe = client.getQueryCache().subscribe((event) => {
      const key = event.query.queryKey;
      if (event.type === 'updated' && event.action.type === 'success' && key[0] === 'device' && key[1] === 'list') {
        this.#schedule();
      }
    });
    this.#schedule();
  }

  /** Live telemetry: keep what is remembered current (the list cache itself is patched elsewhere). */
  noteReadings(deviceId: number, data: Readings['latest'], at: string) {
    const known = this.#known.get(deviceId);
    if (known) this.#known.set(deviceId, { latest: { ...known.latest, ...data }, at });
  }

  stop() {
    this.#stopped = true;
    this.#unsubscribe();
  }

  #schedule() {
    if (this.#scheduled || this.#stopped) return;
    this.#scheduled = true;
    // Not from inside the cache's notification: patching there would re-enter it.
    setTimeout(() => {
      this.#scheduled = false;
      if (!this.#stopped) void this.#fill();
    }, 0);
  }

  #rowsWithout(): LiveDeviceRow[] {
    return this.client
      .getQueriesData<PageResult<LiveDeviceRow>>({ queryKey: DEVICE_LIST_KEY })
      .flatMap(([, page]) => (page && Array.isArray(page.list) ? page.list : []))
      .filter((row) => row.latest === undefined && READING_TYPES.has(row.type));
  }

  async #fill() {
    const rows = this.#rowsWithout();
    if (rows.some((row) => this.#known.has(row.id))) this.#patch();
    const missing = [...new Set(rows.map((row) => row.id))].filter(
      (id) => !this.#known.has(id) && !this.#inflight.has(id),
    );
    if (!missing.length) return;
    missing.forEach((id) => this.#inflight.add(id));
    let next = 0;
    const worker = async () => {
      while (next < missing.length && !this.#stopped) {
        const id = missing[next++];
        try {
          const answer = await getLatestReadings(id);
          this.#known.set(id, { latest: answer.data, at: answer.at });
        } catch {
          // Out of scope or gone: show nothing rather than ask again on every refetch.
          this.#known.set(id, { latest: {}, at: null });
        } finally {
          this.#inflight.delete(id);
        }
      }
    };
    await Promise.all(Array.from({ length: Math.min(CONCURRENCY, missing.length) }, worker));
    if (!this.#stopped) this.#patch();
  }

  #patch() {
    const known = this.#known;
    this.client.setQueriesData<PageResult<LiveDeviceRow>>({ queryKey: DEVICE_LIST_KEY }, (page) => {
      if (!page || !Array.isArray(page.list)) return page;
      if (!page.list.some((row) => row.latest === undefined && known.has(row.id))) return page;
      return {
        ...page,
        list: page.list.map((row) => {
          const readings = row.latest === undefined ? known.get(row.id) : undefined;
          return readings ? { ...row, latest: readings.latest, latestAt: readings.at } : row;
        }),
      };
    });
  }
}
