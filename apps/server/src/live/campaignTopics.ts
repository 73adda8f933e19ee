import { and, inArray } from 'drizzle-orm';
import { campaignIdOfTopic } from '@siteops/contracts/live/schemas';
import type { Db } from '../db/client.ts';
import { broadcastCampaigns } from '../db/schema/index.ts';
import { scope, type Caller } from '../auth/scope.ts';
import type { LiveConn } from './channel.ts';

/**
 * Who may hold a `campaign:<id>` topic: the callers whose campaign scope (scope.campaigns) has the
 * campaign. Checked on subscribe, and again before a frame once the last check is older than the TTL,
 * as a device's owner is, so a speaker divided away stops the frames to the old owner's tabs.
 */
export class CampaignTopics {
  /** When each non-admin tab's campaign topics were last found in its scope (campaign id → ms). */
  readonly #checked = new WeakMap<LiveConn, Map<number, number>>();

  constructor(
    private readonly db: Db,
    private readonly ttlMs: number,
  ) {}

  /** The campaign topics among `topics` whose campaign is missing or outside the caller's scope (one query). */
  async outOfScope(caller: Caller, topics: readonly string[]): Promise<string[]> {
    const ids = topics.map(campaignIdOfTopic).filter((id): id is number => id !== undefined);
    if (!ids.length) return [];
    const rows = await this.db
      .select({ id: broadcastCampaigns.id })
      .from(broadcastCampaigns)
      .where(and(inArray(broadcastCampaigns.id, ids), scope.campaigns(caller)));
    const allowed = new Set(rows.map((r) => r.id));
    return ids.filter((id) => !allowed.has(id)).map((id) => `campaign:${id}`);
  }

  /** A topic the tab was just granted: a campaign's is trusted for the TTL from now. */
  granted(conn: LiveConn, topic: string) {
    const id = campaignIdOfTopic(topic);
    if (id !== undefined) this.#of(conn).set(id, Date.now());
  }

  /** Runs `send` for a tab holding the campaign's topic if it may still see the campaign. */
  deliver(conn: LiveConn, topic: string, campaignId: number, send: () => void) {
    if (conn.caller.role === 'admin') return send();
    const checked = this.#of(conn);
    const at = checked.get(campaignId);
    if (at !== undefined && Date.now() - at <= this.ttlMs) return send();
    void this.outOfScope(conn.caller, [topic])
      .then((out) => {
        if (out.length || !conn.topics.has(topic)) return;
        checked.set(campaignId, Date.now());
        send();
      })
      .catch(() => {});
  }

  #of(conn: LiveConn) {
    let checked = this.#checked.get(conn);
    if (!checked) this.#checked.set(conn, (checked = new Map()));
    return checked;
  }
}
