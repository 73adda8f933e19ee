import type { WriteBatches } from './batches.ts';
import type { GatewayContext } from './context.ts';
import type { LinkLifecycle } from './lifecycle.ts';
import type { LiveRelay } from './live.ts';
import type { DeviceId } from './types.ts';
import { ROUTES, type RouteMessage } from './wire.ts';

/**
 * Which instance holds which device. Each instance says `up`/`down` as links come and go and repeats
 * its whole list every `routeAnnounceMs` (`held`), so a lost message or a crashed instance heals within
 * a route TTL. Also settles the races between instances: the newer link of a device wins, and a stale
 * offline from the old instance is answered with a fresh online.
 */
export class ClusterRoutes {
  constructor(
    private readonly ctx: GatewayContext,
    private readonly parts: { lifecycle: LinkLifecycle; batches: WriteBatches; live: LiveRelay },
  ) {}

  /** Where the device's link is: this instance, another one, or nowhere (offline). */
  whereIs(deviceId: DeviceId): 'here' | string | undefined {
    if (this.ctx.registry.get(deviceId)) return 'here';
    return this.ctx.routes.get(deviceId);
  }

  announce() {
    const { ctx } = this;
    ctx.routes.sweep();
    ctx.wire.route({ op: 'held', from: ctx.instanceId, devices: ctx.registry.deviceIds(), ttlMs: ctx.routeTtlMs });
  }

  /** Ask the others to announce (at start: learn the cluster's routes at once, not after an interval). */
  sync() {
    this.ctx.wire.route({ op: 'sync', from: this.ctx.instanceId });
  }

  /** At shutdown: the others drop our routes at once instead of waiting for them to expire. */
  bye() {
    return this.ctx.wire.publishNow(ROUTES, { op: 'bye', from: this.ctx.instanceId } satisfies RouteMessage);
  }

  receive(m: RouteMessage) {
    const { ctx } = this;
    if (m.from === ctx.instanceId || ctx.closed) return;
    switch (m.op) {
      case 'up': {
        ctx.routes.up(m.from, m.deviceId, m.linkedAt, m.ttlMs);
        const local = ctx.registry.get(m.deviceId);
        // A newer link elsewhere replaces ours, without an offline (ties go to the larger instance id).
        if (local && (local.linkedAt < m.linkedAt || (local.linkedAt === m.linkedAt && ctx.instanceId < m.from))) {
          this.parts.lifecycle.end(local, 'replaced');
        }
        return;
      }
      case 'down': {
        ctx.routes.down(m.from, m.deviceId, m.linkedAt);
        const local = ctx.registry.get(m.deviceId);
        if (local && local.state === 'up' && local.linkedAt >= m.linkedAt) {
          // The old instance published an offline racing our newer link: say again that it is online.
          const now = ctx.now();
          this.parts.batches.markPresence(local, true, now);
          this.parts.live.online(local, now);
        }
        return;
      }
      case 'held':
        ctx.routes.held(
          m.from,
          m.devices.filter((id) => !ctx.registry.get(id)),
          m.ttlMs,
        );
        return;
      case 'sync':
        this.announce();
        return;
      case 'bye':
        ctx.routes.bye(m.from);
        return;
    }
  }
}
