import { randomUUID } from 'node:crypto';
import { EventEmitter } from 'node:events';
import type { FastifyBaseLogger } from 'fastify';
import {
  AUTH_TIMEOUT_MS,
  RPC_ERROR_CODES,
  type RefuseReason,
  type RpcErrorCode,
} from '@siteops/contracts/device-protocol';
import { LinkRegistry, RouteTable, type Link } from './registry.ts';
import {
  RpcError,
  type Clock,
  type DeviceId,
  type GatewayDeps,
  type GatewayOptions,
  type GatewayReportMap,
} from './types.ts';
import { Wire } from './wire.ts';

export type ResolvedOptions = Required<Omit<GatewayOptions, 'instanceId'>>;

function resolveOptions(o: GatewayOptions): ResolvedOptions {
  return {
    path: o.path ?? '/gateway',
    authTimeoutMs: o.authTimeoutMs ?? AUTH_TIMEOUT_MS,
    refuseDelayMs: o.refuseDelayMs ?? 300,
    presenceFlushMs: o.presenceFlushMs ?? 2_000,
    telemetryFlushMs: o.telemetryFlushMs ?? 1_000,
    liveBatchMs: o.liveBatchMs ?? 100,
    routeAnnounceMs: o.routeAnnounceMs ?? 10_000,
    remoteSlackMs: o.remoteSlackMs ?? 500,
    maxPendingRpcsPerLink: o.maxPendingRpcsPerLink ?? 64,
    admitPerSecond: o.admitPerSecond ?? 0,
  };
}

function newCounters() {
  return {
    accepted: 0,
    linked: 0,
    refused: {} as Partial<Record<RefuseReason, number>>,
    messagesIn: 0,
    heartbeats: 0,
    telemetry: 0,
    events: 0,
    invalid: 0,
    rateLimited: 0,
    /** New links turned away by the admission rate (4013). */
    busy: 0,
    rpcCalls: 0,
    rpcErrors: {} as Partial<Record<RpcErrorCode, number>>,
    droppedPoints: 0,
    droppedEvents: 0,
  };
}

/** Numbers for logs and the benchmark (`Gateway.counters`). */
export type GatewayCounters = ReturnType<typeof newCounters>;

/** Where a device's link is right now: on this instance, on another one (its id), or nowhere. */
export type Location = { link: Link; holder?: undefined } | { link?: undefined; holder: string } | undefined;

/**
 * What every part of one gateway shares (settings, clock, counters, this instance's links, the route
 * table, the bus). One object handed to each part, so the parts depend on it rather than on each other.
 */
export class GatewayContext {
  readonly instanceId: string;
  readonly opt: ResolvedOptions;
  readonly clock: Clock;
  readonly wire: Wire;
  readonly counters = newCounters();
  readonly registry = new LinkRegistry();
  readonly routes: RouteTable;
  /** Reports of this instance's devices for the modules (Gateway.reports). */
  readonly reports = new EventEmitter<GatewayReportMap>();
  /** Set once by `Gateway.close()`; late bus messages and late sockets are ignored from then on. */
  closed = false;

  constructor(
    readonly deps: GatewayDeps,
    readonly log: FastifyBaseLogger,
  ) {
    this.instanceId = deps.options?.instanceId ?? randomUUID();
    this.opt = resolveOptions(deps.options ?? {});
    this.clock = deps.clock ?? { now: () => Date.now() };
    this.wire = new Wire(deps.bus, log);
    this.routes = new RouteTable(() => this.clock.now());
  }

  now() {
    return this.clock.now();
  }

  /** Route entries outlive three missed announcements, so one lost `held` message does not lose a device. */
  get routeTtlMs() {
    return this.opt.routeAnnounceMs * 3;
  }

  locate(deviceId: DeviceId): Location {
    const link = this.registry.get(deviceId);
    if (link) return { link };
    const holder = this.routes.get(deviceId);
    return holder ? { holder } : undefined;
  }
}

export const iso = (ms: number) => new Date(ms).toISOString();

export const offline = () => new RpcError('offline', 'The device is offline');

export const asRpcError = (err: unknown): RpcError =>
  err instanceof RpcError ? err : new RpcError('failed', err instanceof Error ? err.message : String(err));

/** A code from a device or another instance; one we do not know (a newer peer) counts as `failed`. */
export const errorCode = (code: string): RpcErrorCode =>
  (RPC_ERROR_CODES as readonly string[]).includes(code) ? (code as RpcErrorCode) : 'failed';

/** The first problem zod found, as `path: message`: what a device reads in an `error` answer. */
export function describeIssue(
  error: { issues: readonly { path: readonly PropertyKey[]; message: string }[] },
  prefix = '',
  emptyPath = '',
): string {
  const issue = error.issues[0];
  return `${prefix}${issue?.path.join('.') || emptyPath}: ${issue?.message ?? 'invalid'}`;
}
