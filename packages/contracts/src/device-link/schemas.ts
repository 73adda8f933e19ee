import { z } from 'zod';
import { multilineText, storableRecord, text } from '../shared/text.ts';
import { EVENT_LEVELS, RPC_ERROR_CODES, type RpcErrorCode } from '../device-protocol.ts';
import { instantRangeFilter, pageQuery, rowId } from '../shared/pagination.ts';
import { TicketedSocketClose } from '../shared/socket-close.ts';

/**
 * The browser-facing side of the device link: the device items of the live channel (contracts/live/schemas.ts),
 * commands to a device, the remote-control tunnel and the terminal WebSocket. The device-facing side is
 * `device-protocol.ts` / docs/device-protocol.md.
 *
 * Who may use it (server-enforced, `scope.deviceLink` in apps/server/src/auth/scope.ts):
 * - live device topics: admin every device; agent the devices of its agent; manager its projects'
 *   devices; user none (contracts/live/schemas.ts: a refused topic looks like a device that does not exist);
 * - commands, tunnel, terminal: admin, and agent on its agent's devices. Any other device id answers
 *   404 (code 40400), exactly like a device that does not exist.
 *
 * ## Why tickets
 *
 * A WebSocket opened by the browser and a tab opened with `window.open` cannot send
 * the `Authorization` header. Instead of putting the bearer token itself in a URL (it would land in
 * logs, history and Referer headers, and would be the whole session), the console asks for a
 * **ticket** with its bearer token: `POST /api/device/ticket`. A ticket is an HMAC-signed, opaque
 * string bound to ONE session, ONE purpose and (for terminal/remote) ONE device. The server re-checks
 * the session behind it on every use (logout, password change, disabling the user end it at once),
 * so a ticket is never worth more than the session that asked for it, and it is useless for
 * anything but its purpose. The answer includes the `url` to open, so the console never builds one.
 *
 * | purpose    | lifetime (to start using it)      | while in use                                               |
 * |------------|-----------------------------------|------------------------------------------------------------|
 * | `live`     | until the session expires (<= 24 h) | session re-checked on every (re)connect and every 30 s      |
 * | `terminal` | 60 s                              | single-use (a second connect: 4401); session checked at connect; idle closes it |
 * | `remote`   | until the session expires (<= 12 h) | session checked on EVERY tunnelled request                 |
 */

// ---------------------------------------------------------------------------------------------------
// Paths

/**
 * The paths that are not plain request-and-answer endpoints (those are declared in api/device-link.ts:
 * the ticket, commands, events, telemetry, latest readings).
 */
/**
 * The device link's routes that are not JSON endpoints (a WebSocket and a tunnel), as the server
 * registers them; {@link DEVICE_LINK_PATHS} fills them in. Declared here, beside the endpoints, so the
 * server and the ticket URLs cannot drift apart.
 */
export const DEVICE_LINK_ROUTES = {
  terminal: '/api/device/:id/terminal',
  remote: '/api/device/:id/remote/:ticket',
} as const;

export const DEVICE_LINK_PATHS = {
  /**
   * Remote-control tunnel: `/api/device/:id/remote/:ticket/<path on the device>`, every method. Open
   * the `url` of a `remote` ticket in a new tab. Relative links on the device page stay inside the
   * prefix (and so keep the ticket); absolute links (`/x`) leave the tunnel (a known limit of
   * path-prefix tunnels).
   */
  remotePrefix: (id: number, ticket: string) =>
    `${DEVICE_LINK_ROUTES.remote.replace(':id', String(id)).replace(':ticket', encodeURIComponent(ticket))}/`,
  /** WebSocket `?ticket=&cols=&rows=`: framing in {@link TerminalFraming}. */
  terminal: (id: number) => DEVICE_LINK_ROUTES.terminal.replace(':id', String(id)),
} as const;

// ---------------------------------------------------------------------------------------------------
// Tickets

const TICKET_PURPOSES = ['live', 'terminal', 'remote'] as const;
export type TicketPurpose = (typeof TICKET_PURPOSES)[number];

export const ticketBody = z
  .object({
    purpose: z.enum(TICKET_PURPOSES, { error: `purpose must be one of ${TICKET_PURPOSES.join(', ')}` }),
    /** Required for `terminal` and `remote`: the device (in the caller's scope, else 404). */
    deviceId: rowId().optional(),
  })
  .refine((b) => b.purpose === 'live' || b.deviceId !== undefined, {
    path: ['deviceId'],
    message: 'deviceId is required for terminal and remote tickets',
  });
export type TicketBody = z.input<typeof ticketBody>;

export const ticketAnswer = z.object({
  ticket: z.string(),
  /** Use it before this (ISO 8601). */
  expiresAt: z.string(),
  /**
   * What to open, relative to the API origin: `live` -> `/api/live?ticket=...` (the live channel,
   * contracts/live/schemas.ts; ws:/wss: of the page's origin);
   * `terminal` -> `/api/device/7/terminal?ticket=...` (use ws:/wss: of the page's origin);
   * `remote` -> `/api/device/7/remote/<ticket>/` (open in a new tab).
   */
  url: z.string(),
});

// ---------------------------------------------------------------------------------------------------
// Commands (bearer auth, envelope answers, each audited)

/** `POST /api/device/:id/snapshot`, body `{}` or {@link snapshotBody}. */
export const snapshotBody = z.object({
  channel: z.number().int().min(0).optional(),
  width: z.number().int().min(16).max(3840).optional(),
  height: z.number().int().min(16).max(2160).optional(),
});
export const snapshotAnswer = z.object({
  contentType: z.literal('image/jpeg'),
  width: z.number(),
  height: z.number(),
  size: z.number(),
  /** `data:image/jpeg;base64,...`: put it straight into <img src> (CSP allows data: images). */
  dataUrl: z.string(),
  takenAt: z.string(),
});

/** `POST /api/device/:id/openDoor` (face and towerElevatorFace devices; others 409 / 40902). */
export const openDoorBody = z.object({
  door: z.number().int().min(1).max(8).optional(),
  holdMs: z.number().int().min(500).max(60_000).optional(),
});
export const openDoorAnswer = z.object({ door: z.number(), openedAt: z.string(), closesAt: z.string() });

/** `POST /api/device/:id/reboot`. The device goes offline and comes back by itself. */
export const rebootBody = z.object({ delayMs: z.number().int().min(0).max(60_000).optional() });
export const rebootAnswer = z.object({ rebootAt: z.string() });

/** `GET /api/device/:id/config?keys=a,b` / `PUT /api/device/:id/config` body {@link configSetBody}. */
export const configGetQuery = z.object({ keys: text().max(2000).optional() });
export const configSetBody = z.object({ config: storableRecord() });
export const configAnswer = z.object({
  config: z.record(z.string(), z.unknown()),
  /** PUT only: the keys that changed. */
  changed: z.array(z.string()).optional(),
});

/** `POST /api/device/:id/broadcast` (broadcast speakers). */
export const broadcastBody = z
  .object({
    text: multilineText().min(1).max(500).optional(),
    url: z.url().optional(),
    volume: z.number().int().min(0).max(100).optional(),
    repeat: z.number().int().min(1).max(10).optional(),
  })
  .refine((b) => b.text !== undefined || b.url !== undefined, { path: ['text'], message: 'text or url is required' });
export const broadcastAnswer = z.object({ playId: z.string(), durationMs: z.number() });

/** Every command waits at most this long for the device (then 504 / 50400). */
export const COMMAND_TIMEOUT_MS = 10_000;

// ---------------------------------------------------------------------------------------------------
// Errors of commands, tunnel and terminal

/**
 * Envelope codes a command answers besides the usual 400/401/403/404. `data` is
 * `{ reason: RpcErrorCode, deviceId }` so the console can pick a message by `reason`.
 *
 * | reason        | HTTP | code  | when                                                         |
 * |---------------|------|-------|--------------------------------------------------------------|
 * | `offline`     | 409  | 40901 | no server holds a link to the device: answered AT ONCE        |
 * | `unsupported` | 409  | 40902 | the device type has no such command (openDoor on a dust monitor) |
 * | `busy`        | 429  | 42901 | too many commands pending on the device                       |
 * | `badParams`   | 400  | 40000 | the device refused the parameters                             |
 * | `tooLarge`    | 413  | 41300 | the answer or request body is too big                         |
 * | `timeout`     | 504  | 50400 | the device did not answer within {@link COMMAND_TIMEOUT_MS}   |
 * | `linkClosed`  | 502  | 50201 | the link dropped while waiting                                |
 * | `failed`      | 502  | 50200 | the device answered with an error (msg says why)              |
 */
export const DeviceLinkCode = {
  offline: 40901,
  unsupported: 40902,
  busy: 42901,
  badParams: 40000,
  tooLarge: 41300,
  timeout: 50400,
  linkClosed: 50201,
  failed: 50200,
} as const satisfies Record<RpcErrorCode, number>;

export const DEVICE_LINK_HTTP_STATUS = {
  offline: 409,
  unsupported: 409,
  busy: 429,
  badParams: 400,
  tooLarge: 413,
  timeout: 504,
  linkClosed: 502,
  failed: 502,
} as const satisfies Record<RpcErrorCode, number>;

export const commandErrorData = z.object({ reason: z.enum(RPC_ERROR_CODES), deviceId: z.number() });

// ---------------------------------------------------------------------------------------------------
// Remote-control tunnel

/**
 * `ANY /api/device/:id/remote/:ticket/*` -> `http.request` on the device, path = what follows the
 * ticket (with the query string). Request bodies up to 1 MiB. The answer is the device's status,
 * headers (hop-by-hop, cookies and security headers dropped) and body, served with
 * `Content-Security-Policy: sandbox allow-scripts allow-forms allow-popups allow-modals`: the device
 * page runs in an opaque origin and can never read the console's storage or call the API as the user.
 * Errors are small HTML pages (it is a browser tab): 401 ticket/session, 404 device, 409 offline,
 * 504 timeout, 502 device error.
 */
export const REMOTE_TUNNEL = { maxBodyBytes: 1024 * 1024, timeoutMs: 15_000 } as const;

// ---------------------------------------------------------------------------------------------------
// Terminal WebSocket

/**
 * `GET ws(s)://<origin>/api/device/:id/terminal?ticket=...&cols=80&rows=24`
 *
 * - Binary frames, both ways: terminal bytes (browser -> device keystrokes, device -> browser output,
 *   UTF-8 with ANSI sequences: write them to xterm.js as they are).
 * - Text frames, browser -> server: JSON {@link terminalClientMessage}: `{"type":"resize","cols":120,"rows":40}`,
 *   `{"type":"close"}`. (A text frame that is not one of these is taken as keystrokes, so a plain
 *   `ws.send("ls\r")` also works.)
 * - Text frames, server -> browser: JSON {@link terminalServerMessage}: `{"type":"ready","streamId"}`
 *   once the shell is open (output may follow at once), `{"type":"error","reason","message"}` just
 *   before a close caused by an error.
 * - The server closes with one of {@link TerminalClose}; the close reason is a short text.
 *   Failures before the shell opens are also reported by close code (a browser cannot read the
 *   HTTP status of a refused upgrade).
 */
export const terminalQuery = z.object({
  ticket: text().min(1).max(1024),
  cols: z.coerce.number().int().min(1).max(1000).default(80),
  rows: z.coerce.number().int().min(1).max(1000).default(24),
});
export const terminalClientMessage = z.discriminatedUnion('type', [
  z.object({
    type: z.literal('resize'),
    cols: z.number().int().min(1).max(1000),
    rows: z.number().int().min(1).max(1000),
  }),
  z.object({ type: z.literal('close') }),
]);
export type TerminalClientMessage = z.infer<typeof terminalClientMessage>;
export const terminalServerMessage = z.discriminatedUnion('type', [
  z.object({ type: z.literal('ready'), streamId: z.string() }),
  z.object({ type: z.literal('error'), reason: z.string(), message: z.string() }),
]);
export type TerminalServerMessage = z.infer<typeof terminalServerMessage>;

export const TerminalClose = {
  /** The shell exited (`exit`) or the browser sent `close`. */
  normal: 1000,
  ...TicketedSocketClose,
  /** No such device in the caller's scope (or role without terminal access). */
  notFound: 4404,
  /** No keystrokes and no output for the idle timeout (TERMINAL_IDLE_MINUTES, default 10). */
  idle: 4408,
  /** The device is offline, or its link dropped during the session. */
  offline: 4409,
  /** The device did not open a shell in time. */
  timeout: 4504,
  /** The device refused or failed (`unsupported`, `busy`, `failed`). */
  failed: 4502,
} as const;

// ---------------------------------------------------------------------------------------------------
// Events list and telemetry series

/** `GET /api/device/:id/events?page&pageSize&kind&level&from&to`, newest first. */
export const eventsListQuery = pageQuery.extend({
  kind: text().max(32).optional(),
  level: z.enum(EVENT_LEVELS).optional(),
  ...instantRangeFilter,
});
export const deviceEventItem = z.object({
  id: z.string(),
  deviceId: z.number(),
  type: z.string(),
  kind: z.string(),
  level: z.enum(EVENT_LEVELS),
  /** Device time (ISO). */
  at: z.string(),
  receivedAt: z.string(),
  data: z.record(z.string(), z.unknown()),
  /** `/api/device/:id/events/:eventId/picture?exp=&sig=`: a signed URL for <img src>, or null. */
  pictureUrl: z.string().nullable(),
});

/**
 * `GET /api/device/:id/telemetry?field=a34004&from=&to=&points=300`: numeric (or boolean as 0/1)
 * values of one field, averaged into at most `points` buckets between `from` (default 24 h ago) and
 * `to` (default now). Retention: TELEMETRY_RETENTION_DAYS (default 30).
 */
export const seriesQuery = z.object({
  field: text().regex(/^[A-Za-z][A-Za-z0-9_]{0,31}$/, 'field must be a telemetry field name'),
  ...instantRangeFilter,
  points: z.coerce.number().int().min(10).max(2000).default(300),
});
export const seriesAnswer = z.object({
  field: z.string(),
  from: z.string(),
  to: z.string(),
  /** [ISO time of the bucket start, average, min, max], oldest first. Empty buckets are left out. */
  points: z.array(z.tuple([z.string(), z.number(), z.number(), z.number()])),
});

/** `GET /api/device/:id/latest`: newest value of every field (also in the device list as `latest`). */
export const latestAnswer = z.object({
  at: z.string().nullable(),
  data: z.record(z.string(), z.union([z.number(), z.boolean(), z.string()])),
  onlineStatus: z.string(),
  heartbeatDatetime: z.string().nullable(),
});
