import { timingSafeEqual } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { Counter, Gauge, Histogram, Registry, collectDefaultMetrics } from 'prom-client';
import type { Secret } from '../config.ts';
import type { PoolStats } from '../db/client.ts';
import type { Gateway } from '../gateway/index.ts';
import type { LiveChannel } from '../live/channel.ts';

/** What the metrics read at each scrape: the device link and the browsers' live channel. */
export interface MetricSources {
  gateway: Gateway;
  channel: Pick<LiveChannel, 'conns'>;
  /** PostgreSQL only: the embedded database has no pool. */
  poolStats?: () => PoolStats;
}

const HTTP_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];
/** The gateway's message counters as the `kind` of siteops_device_messages_total. */
const MESSAGE_KINDS = ['heartbeats', 'telemetry', 'events', 'invalid', 'rateLimited'] as const;

/**
 * `GET /metrics` in Prometheus text format, for an operator's Prometheus (docs/operations.md). Only with
 * METRICS_TOKEN, as a bearer token: the series name devices' types and the routes' load, which is no
 * one else's business. Outside /api, so the session guard does not apply.
 */
export function registerMetrics(app: FastifyInstance, token: Secret, sources: MetricSources) {
  const register = new Registry();
  collectDefaultMetrics({ register, prefix: 'siteops_' });

  const http = new Histogram({
    name: 'siteops_http_request_duration_seconds',
    help: 'API request latency by route pattern, method and status',
    labelNames: ['route', 'method', 'status'],
    buckets: HTTP_BUCKETS,
    registers: [register],
  });
  app.addHook('onResponse', async (request, reply) => {
    const route = request.routeOptions.url;
    if (!route?.startsWith('/api/')) return;
    http.observe({ route, method: request.method, status: String(reply.statusCode) }, reply.elapsedTime / 1000);
  });

  const { gateway, channel, poolStats } = sources;
  new Gauge({
    name: 'siteops_device_links',
    help: 'Devices linked to this instance, by device type and transport',
    labelNames: ['type', 'transport'],
    registers: [register],
    collect() {
      this.reset();
      const counts = new Map<string, { type: string; transport: string; n: number }>();
      for (const link of gateway.registry.links()) {
        const key = `${link.type}/${link.transport.kind}`;
        const entry = counts.get(key) ?? { type: link.type, transport: link.transport.kind, n: 0 };
        entry.n++;
        counts.set(key, entry);
      }
      for (const { type, transport, n } of counts.values()) this.set({ type, transport }, n);
    },
  });
  // The gateway keeps plain running totals; each scrape adds what they grew by since the last one.
  const seen: Record<string, number> = {};
  const grow = (counter: Counter<string>, labels: Record<string, string>, key: string, now: number) => {
    const delta = now - (seen[key] ?? 0);
    seen[key] = now;
    if (delta > 0) counter.inc(labels, delta);
  };
  /** A counter of the gateway's running totals by one label, a series for each value `totals` names at the scrape. */
  const totalsCounter = (name: string, help: string, label: string, totals: () => Partial<Record<string, number>>) =>
    new Counter({
      name,
      help,
      labelNames: [label],
      registers: [register],
      collect() {
        for (const [value, n] of Object.entries(totals())) grow(this, { [label]: value }, `${name}:${value}`, n ?? 0);
      },
    });
  totalsCounter(
    'siteops_device_messages_total',
    'Messages devices sent this instance, by kind (all: every message)',
    'kind',
    () => {
      const c = gateway.counters;
      return { all: c.messagesIn, ...Object.fromEntries(MESSAGE_KINDS.map((kind) => [kind, c[kind]])) };
    },
  );
  totalsCounter('siteops_device_refusals_total', 'Device connections refused, by reason', 'reason', () => ({
    ...gateway.counters.refused,
    // Turned away before any check by the admission rate (close 4013).
    busy: gateway.counters.busy,
  }));
  new Counter({
    name: 'siteops_device_rpc_total',
    help: 'Commands sent to devices through this instance',
    registers: [register],
    collect() {
      grow(this, {}, 'rpc', gateway.counters.rpcCalls);
    },
  });
  totalsCounter(
    'siteops_device_rpc_errors_total',
    'Commands that failed, by error code',
    'code',
    () => gateway.counters.rpcErrors,
  );
  new Gauge({
    name: 'siteops_device_write_buffer',
    help: 'Readings and events waiting for the next database write',
    labelNames: ['what'],
    registers: [register],
    collect() {
      const s = gateway.stats();
      this.set({ what: 'points' }, s.bufferedPoints);
      this.set({ what: 'events' }, s.bufferedEvents);
      this.set({ what: 'pendingRpcs' }, s.pendingRpcs);
    },
  });
  new Gauge({
    name: 'siteops_live_connections',
    help: "Browsers' live-channel connections to this instance",
    registers: [register],
    collect() {
      this.set(channel.conns.size);
    },
  });

  if (poolStats) {
    new Gauge({
      name: 'siteops_db_pool_connections',
      help: 'PostgreSQL connections of this instance: total, idle, waiting (checkouts queued) and max',
      labelNames: ['state'],
      registers: [register],
      collect() {
        const p = poolStats();
        this.set({ state: 'total' }, p.total);
        this.set({ state: 'idle' }, p.idle);
        this.set({ state: 'waiting' }, p.waiting);
        this.set({ state: 'max' }, p.max);
      },
    });
  }

  const expected = Buffer.from(`Bearer ${token.reveal()}`);
  app.get('/metrics', { schema: { hide: true } }, async (request, reply) => {
    const given = Buffer.from(request.headers.authorization ?? '');
    if (given.length !== expected.length || !timingSafeEqual(given, expected)) {
      return reply.code(401).header('www-authenticate', 'Bearer').send('metrics need the METRICS_TOKEN bearer token\n');
    }
    return reply.header('content-type', register.contentType).send(await register.metrics());
  });
}
