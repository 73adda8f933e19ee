import { describe, expect, it, vi } from 'vitest';
import { HEALTH_URL } from '../../test/apiUrls.ts';
import { announceAdminPassword, loggerOptions, prettyLine } from './logOutput.ts';

// On a terminal a person reads the log; elsewhere a collector does (issue 10 §6).
const out = (isTTY: boolean) => {
  const written: string[] = [];
  return { isTTY, written, write: (s: string) => written.push(s) };
};

describe('log output', () => {
  it('is JSON without a terminal, and readable lines on one', () => {
    expect(loggerOptions('info', out(false))).toEqual({ level: 'info' });
    const tty = out(true);
    vi.stubEnv('NO_COLOR', '1');
    const options = loggerOptions('info', tty);
    vi.unstubAllEnvs();
    options.stream!.write(
      `${JSON.stringify({ level: 40, time: Date.parse('2026-11-25T08:00:00Z'), pid: 1, hostname: 'h', msg: 'database unavailable', reason: 'timeout' })}\n`,
    );
    const line = tty.written[0];
    expect(line).toMatch(/^\d\d:\d\d:\d\d WARN {2}database unavailable {2}reason=timeout\n$/);
    expect(line).not.toContain('{');
  });

  it('shows a request as method, path and status, and an error with its stack below', () => {
    const req = prettyLine(
      JSON.stringify({
        level: 20,
        time: 0,
        msg: 'request completed',
        reqId: 'r1',
        req: { method: 'GET', url: HEALTH_URL },
      }),
    );
    expect(req).toContain(`DEBUG request completed  reqId=r1 GET ${HEALTH_URL}`);
    const err = prettyLine(
      JSON.stringify({
        level: 50,
        time: 0,
        msg: 'unhandled error',
        err: { message: 'boom', stack: 'Error: boom\n    at x' },
      }),
    );
    expect(err).toContain('ERROR unhandled error  err="boom"\n    Error: boom\n        at x\n');
    expect(prettyLine('not json')).toBe('not json\n');
  });

  it('announces the first-start admin password in a frame on a terminal, as one JSON line otherwise', () => {
    const tty = out(true);
    announceAdminPassword('Kp7m-Qx4r-Tz9w', tty);
    const block = tty.written.join('');
    expect(block).toMatch(/╔═+╗/);
    expect(block).toMatch(/║ +password: +Kp7m-Qx4r-Tz9w +║/);
    const pipe = out(false);
    announceAdminPassword('Kp7m-Qx4r-Tz9w', pipe);
    expect(pipe.written).toHaveLength(1);
    expect(JSON.parse(pipe.written[0])).toMatchObject({ level: 40, password: 'Kp7m-Qx4r-Tz9w' });
  });
});
