import fs from 'node:fs';
import { describe, expect, it } from 'vitest';
import { HEARTBEAT_SECONDS_RANGE } from '../constant/schemas.ts';
import { DEVICE_LINK_HTTP_STATUS, DeviceLinkCode, TerminalClose } from '../device-link/schemas.ts';
import {
  AUTH_TIMEOUT_MS,
  CloseCode,
  DEFAULT_RPC_TIMEOUT_MS,
  EVENT_KINDS,
  FrameKind,
  LINK_RATE,
  MAX_BACKLOG_MS,
  MAX_CLOCK_SKEW_MS,
  MAX_FRAME_BYTES,
  MAX_PICTURE_BYTES,
  MAX_RPC_BINARY_BYTES,
  MAX_RPC_TIMEOUT_MS,
  REFUSE_REASONS,
  RETRY_AFTER_REFUSAL_S,
  RPC_ERROR_CODES,
  RPC_METHOD_NAMES,
  SHELL_CLOSE_REASONS,
  TELEMETRY_FIELDS,
  deviceMessage,
  errorMessage,
  serverMessage,
} from '../device-protocol.ts';

/**
 * docs/device-protocol.md is what a third-party firmware team implements from, without our source:
 * every code, reason, message and limit the contracts define must be on it, where a reader looks.
 */
const doc = fs.readFileSync(new URL('../../../../docs/device-protocol.md', import.meta.url), 'utf8');

/** The section whose heading starts with `title`, up to the next heading of its level or above. */
function section(title: string): string {
  const lines = doc.split('\n');
  const start = lines.findIndex((l) => /^#{2,3} /.test(l) && l.replace(/^#+ /, '').startsWith(title));
  if (start < 0) throw new Error(`docs/device-protocol.md has no section "${title}"`);
  const level = lines[start].indexOf(' ');
  const end = lines.findIndex((l, i) => i > start && /^#+ /.test(l) && l.indexOf(' ') <= level);
  // Flattened: prose wraps anywhere; a table row stays whole.
  return lines
    .slice(start, end < 0 ? undefined : end)
    .join('\n')
    .replace(/\s+/g, ' ');
}

const row = (...cells: (string | number)[]) => `| ${cells.join(' | ')} |`;
const types = (union: { options: readonly { shape: { type: { value: string } } }[] }) =>
  union.options.map((o) => o.shape.type.value);

describe('docs/device-protocol.md names everything the protocol defines', () => {
  it('every close code, in the close code table', () => {
    const table = section('1.3 Close codes');
    for (const code of Object.values(CloseCode)) expect(table, `close code ${code}`).toContain(`| ${code} |`);
  });

  it('every refusal reason and how long a device waits after it', () => {
    const auth = section('1.1 Authentication');
    for (const reason of REFUSE_REASONS) {
      const wait = RETRY_AFTER_REFUSAL_S[reason];
      expect(auth, reason).toMatch(
        new RegExp(`\\| \`${reason}\` \\|.*\\| ${wait ? `${wait} s` : 'normal backoff'} \\|`),
      );
    }
  });

  it('every message type both ways, with an example', () => {
    for (const type of [...types(deviceMessage), ...types(serverMessage)]) {
      expect(doc, type).toContain(`"type": "${type}"`);
    }
    const errors = section('1.5 Errors');
    for (const code of errorMessage.shape.code.options) expect(errors, code).toContain(`\`${code}\``);
  });

  it('every limit, with its value', () => {
    const limits = section('1.6 Limits');
    expect(limits).toContain(`a bucket of ${LINK_RATE.burst} messages, refilled at ${LINK_RATE.perSecond} per second`);
    expect(limits).toContain(`| ${MAX_FRAME_BYTES / 1024 / 1024} MiB | close ${CloseCode.tooBig}`);
    expect(limits).toContain(`| ${MAX_PICTURE_BYTES / 1024} KiB decoded |`);
    expect(limits).toContain(`${MAX_RPC_BINARY_BYTES / 1024 / 1024} MiB per call`);
    expect(limits).toContain(
      `at most ${MAX_CLOCK_SKEW_MS / 60_000} minutes ahead of the server's clock, at most ${MAX_BACKLOG_MS / 3600_000} hours behind it`,
    );
    expect(section('1.1 Authentication')).toContain(`no \`auth\` within ${AUTH_TIMEOUT_MS / 1000} s`);
    const rpc = section('5. Remote procedure calls');
    expect(rpc).toContain(`default ${DEFAULT_RPC_TIMEOUT_MS.toLocaleString('en').replace(',', ' ')}, at most`);
    expect(rpc).toContain(`at most ${MAX_RPC_TIMEOUT_MS.toLocaleString('en').replace(',', ' ')})`);
  });

  it('the heartbeat constant, its key and range', () => {
    const heartbeat = section('2. Heartbeat');
    expect(heartbeat).toContain('`device.heartbeatSeconds`');
    expect(heartbeat).toContain(`whole seconds from ${HEARTBEAT_SECONDS_RANGE.min} to ${HEARTBEAT_SECONDS_RANGE.max}`);
  });

  it('every telemetry field and event kind of every type', () => {
    const telemetry = section('3. Telemetry');
    const events = section('4. Events');
    for (const [type, fields] of Object.entries(TELEMETRY_FIELDS)) {
      for (const f of fields) expect(telemetry, `${type}.${f.key}`).toContain(`\`${f.key}\``);
    }
    for (const [type, kinds] of Object.entries(EVENT_KINDS)) {
      for (const k of kinds) expect(events, `${type} ${k.kind}`).toContain(`\`${k.kind}\``);
    }
  });

  it('every RPC method and error code', () => {
    const rpc = section('5. Remote procedure calls');
    for (const method of RPC_METHOD_NAMES) expect(rpc, method).toContain(`| \`${method}\` |`);
    for (const code of RPC_ERROR_CODES) expect(rpc, code).toContain(`\`${code}\``);
  });

  it('every shell.close reason and binary frame kind', () => {
    const shells = section('6. Terminal streams');
    for (const reason of Object.keys(SHELL_CLOSE_REASONS)) expect(shells, reason).toContain(`| \`${reason}\` |`);
    const frames = section('7. Binary frames');
    for (const kind of Object.values(FrameKind)) {
      expect(frames).toContain(`0x${kind.toString(16).padStart(2, '0')}`);
    }
  });

  it('every HTTP status and code a command answers, and every terminal close code', () => {
    const browser = section('10. The browser side');
    for (const reason of RPC_ERROR_CODES) {
      expect(browser, reason).toContain(row(`\`${reason}\``, DEVICE_LINK_HTTP_STATUS[reason], DeviceLinkCode[reason]));
    }
    for (const code of Object.values(TerminalClose)) expect(browser, `terminal ${code}`).toContain(`| ${code} |`);
    expect(browser).toContain('{"type":"ready","streamId":"..."}');
    expect(browser).toContain('{ "type": "ready", "serverTime": "...", "heartbeatSeconds": 30 }');
  });
});
