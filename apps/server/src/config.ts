import fs from 'node:fs';
import path from 'node:path';
import { z } from 'zod';

const bool = z
  .enum(['0', '1', 'true', 'false', 'yes', 'no', 'on', 'off'])
  .transform((v) => ['1', 'true', 'yes', 'on'].includes(v));

/** An optional URL setting, refused with the schemes it takes unless it starts with one of them. */
const urlSetting = (...schemes: string[]) =>
  z
    .string()
    .regex(new RegExp(`^(${schemes.join('|')})://`), `must start with ${schemes.map((s) => `${s}://`).join(' or ')}`)
    .optional();

/** Every setting comes from the environment and is parsed here, once. */
const envSchema = z.object({
  PORT: z.coerce.number().int().min(0).max(65535).default(8080),
  HOST: z.string().min(1).default('0.0.0.0'),
  DATA_DIR: z.string().min(1).default('./data'),
  DATABASE_URL: urlSetting('postgres', 'postgresql'),
  REDIS_URL: urlSetting('redis', 'rediss'),
  /** PostgreSQL: opening a connection (or waiting for a pooled one) fails after this. */
  DATABASE_CONNECT_TIMEOUT_MS: z.coerce.number().int().min(100).max(600_000).default(3_000),
  /** PostgreSQL: a query with no answer fails after this; the server cancels it too (statement_timeout). */
  DATABASE_QUERY_TIMEOUT_MS: z.coerce.number().int().min(100).max(86_400_000).default(30_000),
  /** PostgreSQL: an idle pooled connection is closed after this. */
  DATABASE_IDLE_TIMEOUT_MS: z.coerce.number().int().min(100).max(86_400_000).default(30_000),
  /** PostgreSQL: TCP keepalive probes start after this much silence on a connection. */
  DATABASE_KEEPALIVE_MS: z.coerce.number().int().min(1_000).max(7_200_000).default(10_000),
  /** PostgreSQL: connections this instance holds at most (every instance's sum stays under max_connections). */
  DATABASE_POOL_MAX: z.coerce.number().int().min(1).max(500).default(10),
  /** Redis: channel namespace of this deployment; default derived from the database's identity. */
  REDIS_NAMESPACE: z
    .string()
    .regex(/^[A-Za-z0-9._-]{1,64}$/, 'must be 1-64 letters, digits, dots, dashes or underscores')
    .optional(),
  /** Device link: days of telemetry history kept for charts (pruned hourly). */
  TELEMETRY_RETENTION_DAYS: z.coerce.number().int().min(1).max(3650).default(30),
  EVENTS_RETENTION_DAYS: z.coerce.number().int().min(1).max(3650).default(90),
  /** Fleet analytics: days of the hourly rollup kept (pruned hourly), long after the raw rows went. */
  ANALYTICS_RETENTION_DAYS: z.coerce.number().int().min(1).max(3650).default(400),
  /** Fleet analytics: the presence sampler's slot, i.e. how often each device group's online count is stored. */
  PRESENCE_SAMPLE_SECONDS: z.coerce.number().int().min(10).max(3600).default(300),
  /** Alarm escalation: how often due steps are looked for (every instance; each step is claimed once). */
  ALARM_ESCALATION_SWEEP_MS: z.coerce.number().int().min(50).max(60_000).default(2_000),
  /** Alarm escalation: a webhook or bot answering 5xx/429 or not at all is tried again after this, then 4× this. */
  ALARM_WEBHOOK_RETRY_MS: z.coerce.number().int().min(10).max(600_000).default(2_000),
  /**
   * Alarm escalation: which addresses a channel may post to. no-loopback (default): not this machine nor
   * link-local (cloud metadata); public: nor private networks; any: everything (tests, a closed LAN).
   */
  ALARM_WEBHOOK_ADDRESSES: z.enum(['no-loopback', 'public', 'any']).default('no-loopback'),
  /** Message box: days a notification is kept, read or not (pruned hourly). */
  NOTIFICATION_RETENTION_DAYS: z.coerce.number().int().min(1).max(3650).default(90),
  /** Device link: a browser terminal with no traffic either way is closed after this long. */
  TERMINAL_IDLE_MINUTES: z.coerce.number().positive().max(1440).default(10),
  ADMIN_PASSWORD: z.string().min(6).optional(),
  /** Hours a one-time password (reset, creation without a password) works before it must be issued again. */
  ONE_TIME_PASSWORD_HOURS: z.coerce.number().positive().max(8760).default(72),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  DEMO: bool.default(true),
  SESSION_IDLE_MINUTES: z.coerce.number().int().positive().default(120),
  SESSION_MAX_DAYS: z.coerce.number().positive().default(7),
  LOGIN_MAX_FAILURES: z.coerce.number().int().positive().default(5),
  LOGIN_LOCK_MINUTES: z.coerce.number().int().positive().default(15),
  LOGIN_CLIENT_MAX_FAILURES: z.coerce.number().int().positive().default(30),
  /** Security email codes go out through this SMTP server (smtp:// or smtps://user:pass@host:port); absent: email binding is off. */
  SMTP_URL: urlSetting('smtp', 'smtps'),
  SMTP_FROM: z.string().min(3).default('SiteOps <no-reply@siteops.local>'),
  /** The console's address as its users reach it, for links in emails; absent: an email names the page's path. */
  PUBLIC_URL: z
    .string()
    .regex(/^https?:\/\/[^/]/, 'must start with http:// or https://')
    .transform((u) => u.replace(/\/+$/, ''))
    .optional(),
  /** Security phone codes: POSTed as JSON { phone, code, locale } to this URL; absent: phone binding is off. */
  SMS_WEBHOOK_URL: urlSetting('http', 'https'),
  SECURITY_CODE_MINUTES: z.coerce.number().int().min(1).max(1440).default(10),
  SECURITY_CODE_INTERVAL_SECONDS: z.coerce.number().int().min(0).max(3600).default(60),
  SECURITY_CODE_DAILY_MAX: z.coerce.number().int().positive().default(10),
  SELF_REG_CLIENT_MAX: z.coerce.number().int().positive().default(20),
  SELF_REG_PROJECT_MAX: z.coerce.number().int().positive().default(300),
  BODY_LIMIT_BYTES: z.coerce.number().int().positive().default(1_048_576),
  CHECKPOINT_SECONDS: z.coerce.number().int().positive().default(60),
  WEB_DIST: z.string().optional(),
  TRUST_PROXY: bool.default(false),
  /** Header a trusted reverse proxy puts its request id in (e.g. x-request-id); absent: the server makes every id. */
  REQUEST_ID_HEADER: z
    .string()
    .regex(/^[A-Za-z0-9-]+$/, 'must be a header name')
    .transform((v) => v.toLowerCase())
    .optional(),
  /**
   * Devices over MQTT: the embedded broker's TCP port, or `off`. Not 1883 by default: a system Mosquitto
   * often holds it (set 1883 where none runs).
   */
  MQTT_PORT: z.union([z.literal('off'), z.coerce.number().int().min(0).max(65535)]).default(1884),
  /**
   * Devices over MQTT through an existing broker (Mosquitto, EMQX): this server joins it as a client and
   * shares the devices' traffic with the deployment's other instances (docs/device-protocol.md 12.5).
   */
  MQTT_URL: urlSetting('mqtt', 'mqtts'),
  /** The shared-subscription group of this deployment's instances on MQTT_URL. */
  MQTT_SHARE_GROUP: z
    .string()
    .regex(/^[A-Za-z0-9_-]{1,64}$/, 'must be 1-64 letters, digits, dashes or underscores')
    .default('siteops'),
  /** The embedded broker over TLS on this port, with MQTT_TLS_CERT and MQTT_TLS_KEY (PEM file paths). */
  MQTTS_PORT: z.coerce.number().int().min(0).max(65535).optional(),
  MQTT_TLS_CERT: z.string().optional(),
  MQTT_TLS_KEY: z.string().optional(),
  /** HJ 212-2017 dust and noise monitors over TCP: the listener's port, or `off`. */
  HJ212_PORT: z.union([z.literal('off'), z.coerce.number().int().min(0).max(65535)]).default(9212),
  /** Calls per second one signed-in user may make on this instance (sustained), or `off`. */
  API_RATE_LIMIT: z.union([z.literal('off'), z.coerce.number().positive()]).default(20),
  /** Calls one user may make at once above the sustained rate (a page opening fires several). */
  API_RATE_BURST: z.coerce.number().int().positive().default(200),
  /** New device links one instance admits per second (a reconnect storm is spread with close 4013), or `off`. */
  DEVICE_ADMIT_PER_SECOND: z.union([z.literal('off'), z.coerce.number().int().positive()]).default(500),
  /** Most live-channel topics the tabs of one session hold together on an instance. */
  LIVE_SESSION_MAX_TOPICS: z.coerce.number().int().positive().default(1_000),
  /** GET /metrics (Prometheus) answers a request bearing this token; absent: no /metrics. */
  METRICS_TOKEN: z.string().min(16, 'must be at least 16 characters').optional(),
  /** Master key for PII at rest (64 hex chars). Absent: generated once into DATA_DIR/pii.key. */
  PII_KEY: z
    .string()
    .regex(/^[0-9a-fA-F]{64}$/, 'must be 64 hexadecimal characters (32 bytes)')
    .optional(),
  /** Ed25519 private key (PKCS#8 PEM; `\n` escapes allowed) that signs licences. Absent: generated into DATA_DIR. */
  LICENCE_KEY_PEM: z
    .string()
    .transform((v) => v.replace(/\\n/g, '\n'))
    .refine((v) => v.includes('-----BEGIN PRIVATE KEY-----'), 'must be a PKCS#8 PEM private key (BEGIN PRIVATE KEY)')
    .optional(),
  UPLOAD_MAX_BYTES: z.coerce
    .number()
    .int()
    .positive()
    .default(5 * 1024 * 1024),
  /** Largest firmware package (bytes); streamed to storage, never held in memory. */
  UPGRADE_MAX_BYTES: z.coerce
    .number()
    .int()
    .positive()
    .default(512 * 1024 * 1024),
  /** Bytes of images and face photos one user may upload in 24 hours (firmware packages not counted). */
  UPLOAD_DAILY_MAX_BYTES: z.coerce
    .number()
    .int()
    .positive()
    .default(100 * 1024 * 1024),
});

export type Env = z.input<typeof envSchema>;

export interface Config {
  port: number;
  host: string;
  dataDir: string;
  databaseUrl?: string;
  redisUrl?: string;
  /** REDIS_NAMESPACE when set; otherwise the device link derives one from the database identity. */
  redisNamespace?: string;
  /** PostgreSQL pool size and timeouts (DATABASE_POOL_MAX, DATABASE_*_MS). */
  database: { poolMax: number; connectMs: number; queryMs: number; idleMs: number; keepAliveMs: number };
  deviceLink: {
    telemetryRetentionDays: number;
    eventsRetentionDays: number;
    terminalIdleMs: number;
    /** DEVICE_ADMIT_PER_SECOND; 0: no limit. */
    admitPerSecond: number;
  };
  notificationRetentionDays: number;
  /** ANALYTICS_RETENTION_DAYS: the hourly rollup of fleet analytics. */
  analyticsRetentionDays: number;
  /** PRESENCE_SAMPLE_SECONDS: the length of a presence sample's slot. */
  presenceSampleSeconds: number;
  adminPassword?: string;
  /** ONE_TIME_PASSWORD_HOURS. */
  oneTimePasswordHours: number;
  logLevel: string;
  demo: boolean;
  session: { idleMs: number; maxMs: number };
  /** Failed-login back-off (auth/throttle.ts). */
  login: { maxFailures: number; clientMaxFailures: number; lockMs: number };
  /** Visitor self-registration limits, counted like failed logins (modules/visitor/selfRegLimit.ts). */
  selfReg: { clientMax: number; projectMax: number };
  /**
   * Security email/phone binding (modules/account/securityCode.ts): where codes go (redacted like
   * PII_KEY, since the URLs may carry credentials) and the per-user and per-target limits.
   */
  /** The console's address for links in emails (PUBLIC_URL, no trailing slash). */
  publicUrl?: string;
  securityCodes: {
    smtpUrl?: Secret;
    smtpFrom: string;
    smsWebhookUrl?: Secret;
    ttlMs: number;
    intervalMs: number;
    dailyMax: number;
  };
  /** Alarm escalation (modules/alarm-escalation): the sweep's period and the webhooks' first retry delay. */
  alarmEscalation: { sweepMs: number; retryMs: number; addresses: 'no-loopback' | 'public' | 'any' };
  bodyLimit: number;
  checkpointMs: number;
  /** Directory of the built console; absent means "API only". */
  webDist?: string;
  trustProxy: boolean;
  /** Lower-case header name whose request id is taken as is; absent means always generate. */
  requestIdHeader?: string;
  /** PII_KEY when set; printing or serialising it shows "[redacted]". */
  piiKey?: Secret;
  uploadMaxBytes: number;
  /** UPLOAD_DAILY_MAX_BYTES: images and face photos one user may upload in 24 hours. */
  uploadDailyMaxBytes: number;
  /** UPGRADE_MAX_BYTES: largest firmware package. */
  upgradeMaxBytes: number;
  /** LICENCE_KEY_PEM when set (redacted like PII_KEY). */
  licenceKeyPem?: Secret;
  /** The embedded MQTT broker (MQTT_PORT, MQTTS_PORT + MQTT_TLS_*); absent: devices link over WebSocket only. */
  mqtt?: { port: number; tls?: { port: number; certFile: string; keyFile: string } };
  /** The HJ 212 TCP listener (HJ212_PORT); absent: off. */
  hj212?: { port: number };
  /** MQTT_URL (redacted like PII_KEY: it may carry a password) and its shared-subscription group. */
  mqttBroker?: { url: Secret; group: string };
  /** METRICS_TOKEN (redacted): /metrics is served only with it. */
  metricsToken?: Secret;
  /** API_RATE_LIMIT / API_RATE_BURST: each signed-in user's calls per instance; absent: no limit. */
  apiRate?: { perSecond: number; burst: number };
  /** LIVE_SESSION_MAX_TOPICS: live topics one session's tabs hold together. */
  liveSessionMaxTopics: number;
}

/** A configuration value that must never reach a log: JSON, inspect and string forms are redacted. */
export class Secret {
  readonly #value: string;
  constructor(value: string) {
    this.#value = value;
  }
  reveal(): string {
    return this.#value;
  }
  toJSON() {
    return '[redacted]';
  }
  toString() {
    return '[redacted]';
  }
  [Symbol.for('nodejs.util.inspect.custom')]() {
    return '[redacted]';
  }
}

export class ConfigError extends Error {}

/** Parse the environment; a bad value throws a ConfigError naming the variable. */
function mqttConfig(e: z.output<typeof envSchema>): Config['mqtt'] {
  if (e.MQTT_PORT === 'off') return undefined;
  if (e.MQTTS_PORT === undefined) return { port: e.MQTT_PORT };
  if (!e.MQTT_TLS_CERT || !e.MQTT_TLS_KEY)
    throw new ConfigError(
      'Invalid configuration:\n  MQTTS_PORT: needs MQTT_TLS_CERT and MQTT_TLS_KEY (PEM file paths)',
    );
  return { port: e.MQTT_PORT, tls: { port: e.MQTTS_PORT, certFile: e.MQTT_TLS_CERT, keyFile: e.MQTT_TLS_KEY } };
}

/** The working folder's `.env`, when there is one, fills the environment (the server and the admin commands). */
export function loadDotEnv() {
  const file = path.resolve('.env');
  if (fs.existsSync(file)) process.loadEnvFile(file);
}

/** The database the configuration names, as openDatabase takes it (the server and the admin commands). */
export const configuredDatabase = (config: Config) => ({
  databaseUrl: config.databaseUrl,
  dataDir: config.dataDir,
  poolMax: config.database.poolMax,
  timeouts: config.database,
});

export function loadConfig(env: Record<string, string | undefined> = process.env): Config {
  const cleaned = Object.fromEntries(Object.entries(env).filter(([, v]) => v !== undefined && v !== ''));
  const parsed = envSchema.safeParse(cleaned);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`);
    throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}`);
  }
  const e = parsed.data;
  return {
    port: e.PORT,
    host: e.HOST,
    dataDir: path.resolve(e.DATA_DIR),
    databaseUrl: e.DATABASE_URL,
    redisUrl: e.REDIS_URL,
    redisNamespace: e.REDIS_NAMESPACE,
    database: {
      poolMax: e.DATABASE_POOL_MAX,
      connectMs: e.DATABASE_CONNECT_TIMEOUT_MS,
      queryMs: e.DATABASE_QUERY_TIMEOUT_MS,
      idleMs: e.DATABASE_IDLE_TIMEOUT_MS,
      keepAliveMs: e.DATABASE_KEEPALIVE_MS,
    },
    deviceLink: {
      telemetryRetentionDays: e.TELEMETRY_RETENTION_DAYS,
      eventsRetentionDays: e.EVENTS_RETENTION_DAYS,
      terminalIdleMs: e.TERMINAL_IDLE_MINUTES * 60_000,
      admitPerSecond: e.DEVICE_ADMIT_PER_SECOND === 'off' ? 0 : e.DEVICE_ADMIT_PER_SECOND,
    },
    notificationRetentionDays: e.NOTIFICATION_RETENTION_DAYS,
    analyticsRetentionDays: e.ANALYTICS_RETENTION_DAYS,
    presenceSampleSeconds: e.PRESENCE_SAMPLE_SECONDS,
    adminPassword: e.ADMIN_PASSWORD,
    oneTimePasswordHours: e.ONE_TIME_PASSWORD_HOURS,
    logLevel: e.LOG_LEVEL,
    demo: e.DEMO,
    session: { idleMs: e.SESSION_IDLE_MINUTES * 60_000, maxMs: e.SESSION_MAX_DAYS * 86_400_000 },
    login: {
      maxFailures: e.LOGIN_MAX_FAILURES,
      clientMaxFailures: e.LOGIN_CLIENT_MAX_FAILURES,
      lockMs: e.LOGIN_LOCK_MINUTES * 60_000,
    },
    selfReg: { clientMax: e.SELF_REG_CLIENT_MAX, projectMax: e.SELF_REG_PROJECT_MAX },
    publicUrl: e.PUBLIC_URL,
    securityCodes: {
      smtpUrl: e.SMTP_URL ? new Secret(e.SMTP_URL) : undefined,
      smtpFrom: e.SMTP_FROM,
      smsWebhookUrl: e.SMS_WEBHOOK_URL ? new Secret(e.SMS_WEBHOOK_URL) : undefined,
      ttlMs: e.SECURITY_CODE_MINUTES * 60_000,
      intervalMs: e.SECURITY_CODE_INTERVAL_SECONDS * 1000,
      dailyMax: e.SECURITY_CODE_DAILY_MAX,
    },
    alarmEscalation: {
      sweepMs: e.ALARM_ESCALATION_SWEEP_MS,
      retryMs: e.ALARM_WEBHOOK_RETRY_MS,
      addresses: e.ALARM_WEBHOOK_ADDRESSES,
    },
    bodyLimit: e.BODY_LIMIT_BYTES,
    checkpointMs: e.CHECKPOINT_SECONDS * 1000,
    webDist: e.WEB_DIST ? path.resolve(e.WEB_DIST) : undefined,
    trustProxy: e.TRUST_PROXY,
    requestIdHeader: e.REQUEST_ID_HEADER,
    piiKey: e.PII_KEY ? new Secret(e.PII_KEY.toLowerCase()) : undefined,
    uploadMaxBytes: e.UPLOAD_MAX_BYTES,
    uploadDailyMaxBytes: e.UPLOAD_DAILY_MAX_BYTES,
    upgradeMaxBytes: e.UPGRADE_MAX_BYTES,
    licenceKeyPem: e.LICENCE_KEY_PEM ? new Secret(e.LICENCE_KEY_PEM) : undefined,
    mqtt: mqttConfig(e),
    metricsToken: e.METRICS_TOKEN ? new Secret(e.METRICS_TOKEN) : undefined,
    mqttBroker: e.MQTT_URL ? { url: new Secret(e.MQTT_URL), group: e.MQTT_SHARE_GROUP } : undefined,
    hj212: e.HJ212_PORT === 'off' ? undefined : { port: e.HJ212_PORT },
    liveSessionMaxTopics: e.LIVE_SESSION_MAX_TOPICS,
    apiRate: e.API_RATE_LIMIT === 'off' ? undefined : { perSecond: e.API_RATE_LIMIT, burst: e.API_RATE_BURST },
  };
}
