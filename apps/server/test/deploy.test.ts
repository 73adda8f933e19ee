/**
 * The deployment files (Dockerfile, compose.yaml, ops/siteops.service) cannot be run here (no Docker
 * daemon, no systemd as init), so what they say is checked against what the README and the server say:
 * the same start command as `npm start` ends in, variables the Configuration table lists, the health
 * endpoint, a non-root user, enough file descriptors for device links.
 */
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { HEALTH_URL } from './harness.ts';

const root = path.resolve(import.meta.dirname, '../../..');
const read = (file: string) => fs.readFileSync(path.join(root, file), 'utf8');
const readme = read('README.md');
const dockerfile = read('Dockerfile');
const compose = read('compose.yaml');
const unit = read('ops/siteops.service');

/** The variables the README's Configuration table names (`A` / `B` rows name several). */
const documented = new Set(
  readme
    .split('\n')
    .filter((line) => line.startsWith('| `'))
    .flatMap((line) => [...line.split('|')[1].matchAll(/`([A-Z][A-Z0-9_]+)`/g)].map((m) => m[1])),
);

/** The compiled entry `npm start` runs (scripts/build.mjs's SERVER_MAIN), relative to the checkout. */
const SERVER_MAIN = 'apps/server/dist/main.js';
/** The node flags `npm start` runs the server with (package.json; they bound its memory: README). */
const startScript: string = JSON.parse(read('package.json')).scripts.start;
const NODE_FLAGS = /^exec node ((?:--\S+ )*)scripts\/start\.mjs$/.exec(startScript)?.[1].trim().split(' ') ?? [];

describe('deployment files', () => {
  it('the README names the compiled entry and the node flags as the command a service manager runs', () => {
    expect(NODE_FLAGS).toContain('--optimize-for-size');
    expect(readme).toContain(`node ${NODE_FLAGS.join(' ')} ${SERVER_MAIN}`);
    expect(read('scripts/build.mjs')).toContain("path.join(SERVER_DIST, 'main.js')");
    expect(read('scripts/build.mjs')).toContain("path.join(root, 'apps/server/dist')");
  });

  it('the image: multi-stage, built with npm run build, runs the compiled server as a non-root user', () => {
    expect(dockerfile.match(/^FROM /gm)?.length).toBeGreaterThanOrEqual(2);
    expect(dockerfile).toMatch(/^RUN npm run build\b/m);
    const cmd = /^CMD (\[.*\])$/m.exec(dockerfile)?.[1];
    expect(JSON.parse(cmd ?? '[]')).toEqual(['node', ...NODE_FLAGS, SERVER_MAIN]);
    const user = /^USER (\S+)$/m.exec(dockerfile)?.[1];
    expect(user).toBeDefined();
    expect(user).not.toMatch(/^(root|0)$/);
    // Node 24 is the runtime the README documents.
    for (const from of dockerfile.match(/^FROM \S+/gm)!) expect(from).toMatch(/^FROM node:24\b/);
  });

  it('the image checks the health endpoint on the port it listens on', () => {
    const check = /^HEALTHCHECK .*\\\n\s+CMD (.*)$/m.exec(dockerfile)?.[1] ?? '';
    expect(check).toContain(HEALTH_URL);
    expect(check).toContain('process.env.PORT');
    expect(dockerfile).toMatch(/^EXPOSE 8080\b/m);
  });

  it('every variable the image, compose and the unit set is in the Configuration table', () => {
    const envBlock = /^ENV ((?:.*\\\n)*.*)$/m.exec(dockerfile)?.[1] ?? '';
    const fromDocker = [...envBlock.matchAll(/([A-Z][A-Z0-9_]+)=/g)].map((m) => m[1]);
    const fromCompose = [...compose.matchAll(/^ {6}([A-Z][A-Z0-9_]+): /gm)].map((m) => m[1]);
    const fromUnit = [...unit.matchAll(/^Environment=([A-Z][A-Z0-9_]+)=/gm)].map((m) => m[1]);
    expect(fromDocker).toEqual(['PORT', 'HOST', 'DATA_DIR', 'DEMO']);
    expect(fromCompose).toContain('DATABASE_URL');
    // compose's own services' variables (POSTGRES_*) are theirs, not SiteOps's.
    const ours = [...fromDocker, ...fromCompose.filter((v) => !v.startsWith('POSTGRES_')), ...fromUnit];
    expect(ours.filter((v) => !documented.has(v))).toEqual([]);
  });

  it('compose runs PostgreSQL (15, the oldest the README allows), Redis and a broker beside SiteOps', () => {
    for (const service of ['siteops', 'postgres', 'redis', 'mosquitto'])
      expect(compose).toMatch(new RegExp(`^  ${service}:$`, 'm'));
    expect(compose).toContain('image: postgres:15');
    expect(compose).toMatch(/DATABASE_URL: postgres:\/\/siteops:siteops@postgres:5432\/siteops/);
    expect(compose).toMatch(/REDIS_URL: redis:\/\/redis:6379/);
    expect(compose).toMatch(/MQTT_URL: mqtt:\/\/mosquitto:1883/);
    expect(fs.existsSync(path.join(root, 'ops/mosquitto.conf'))).toBe(true);
  });

  it('the systemd unit runs the compiled server, unprivileged, with file descriptors for device links', () => {
    expect(/^ExecStart=(.*)$/m.exec(unit)?.[1]).toBe(`/usr/bin/node ${NODE_FLAGS.join(' ')} ${SERVER_MAIN}`);
    expect(unit).toMatch(/^User=siteops$/m);
    expect(Number(/^LimitNOFILE=(\d+)$/m.exec(unit)?.[1])).toBeGreaterThanOrEqual(65536);
    expect(unit).toMatch(/^KillSignal=SIGTERM$/m);
  });
});
