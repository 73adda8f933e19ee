import fs from 'node:fs';
import path from 'node:path';
import Fastify, { type FastifyServerOptions } from 'fastify';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import multipart from '@fastify/multipart';
import {
  jsonSchemaTransform,
  jsonSchemaTransformObject,
  serializerCompiler,
  validatorCompiler,
} from 'fastify-type-provider-zod';
import type { Config } from './config.ts';
import type { Db, PoolStats } from './db/client.ts';
import { frameworkErrors, installEnvelope } from './http/envelope.ts';
import { serveConsole } from './http/console.ts';
import { installApiHeaders, requestIdOf } from './http/headers.ts';
import { installSecurityHeaders } from './http/securityHeaders.ts';
import { RequestLinesAtDebug } from './http/logOutput.ts';
import { withSafeErrors } from './http/logging.ts';
import { registerHealth } from './http/health.ts';
import { registerMetrics } from './http/metrics.ts';
import { installAuthGuard } from './auth/guard.ts';
import { ApiRateLimiter } from './auth/apiRate.ts';
import { SessionCache } from './auth/sessionCache.ts';
import { registerUserModule } from './modules/user/routes.ts';
import { registerAgentModule } from './modules/agent/routes.ts';
import { registerProjectModule } from './modules/project/routes.ts';
import { registerConstantModule } from './modules/constant/routes.ts';
import { registerAuditModule } from './modules/audit/routes.ts';
import { recordAudit } from './modules/audit/record.ts';
import { registerFileModule } from './modules/file/routes.ts';
import { registerDeviceModule } from './modules/device/routes.ts';
import { registerPlatformModule } from './modules/platform/routes.ts';
import { registerUpgradeModule } from './modules/upgrade/routes.ts';
import { registerAiStreamModule } from './modules/ai-stream/routes.ts';
import { registerBroadcastModule } from './modules/broadcast/routes.ts';
import type { BroadcastSchedulerOptions } from './modules/broadcast/scheduler.ts';
import { registerNotificationModule } from './modules/notification/routes.ts';
import type { RolloutEngineOptions } from './modules/upgrade/engine.ts';
import { NotificationMail } from './modules/notification/email.ts';
import { NotificationService } from './modules/notification/service.ts';
import { registerVisitorModule, type VisitorModuleOptions } from './modules/visitor/routes.ts';
import { registerCertificationModule } from './modules/certification/routes.ts';
import { registerAnnouncementModule } from './modules/announcement/routes.ts';
import { registerAccountModule } from './modules/account/routes.ts';
import { registerDashboardModule } from './modules/dashboard/routes.ts';
import { registerDeviceSearchModule } from './modules/device-search/routes.ts';
import { registerAnalyticsModule } from './modules/analytics/routes.ts';
import { registerAlarmModule } from './modules/alarm/routes.ts';
import { registerAlarmEscalationModule } from './modules/alarm-escalation/routes.ts';
import { registerLabourModule } from './modules/labour/routes.ts';
import { registerSearchModule } from './modules/search/routes.ts';
import { registerSavedViewModule } from './modules/saved-view/routes.ts';
import { composeDeviceLink, type DeviceLink, type DeviceLinkOptions } from './app/deviceLink.ts';
import { openBus } from './bus/open.ts';
import { publishOverBus } from './live/publisher.ts';
import { checkKeyFingerprint, deriveKey, loadMasterKey } from './crypto/keys.ts';
import { Pii } from './crypto/pii.ts';
import { LocalStorage } from './storage/local.ts';
import type { Storage } from './storage/storage.ts';
import { FileUrls } from './storage/fileUrls.ts';
import type { ModuleContext } from './ports/context.ts';

export interface BuildOptions {
  config: Config;
  db: Db;
  logger?: FastifyServerOptions['logger'];
  /** Default: a LocalStorage under DATA_DIR/files. */
  storage?: Storage;
  /** Device-link overrides (tests: short heartbeats and timeouts). */
  deviceLink?: DeviceLinkOptions;
  /** The embedded database cannot be cut off, only busy: health then answers from its last check. */
  databaseKind?: 'pglite' | 'postgres';
  /** PostgreSQL's connection pool, for /metrics. */
  poolStats?: () => PoolStats;
  /**
   * The device sweep's period (tests: short): the alarm module's sweep of the time-based rules, whose
   * offline alarms are the device-offline notifications (modules/alarm/sources.ts).
   */
  notifications?: { deviceSweepMs?: number };
  /** Visitor overrides (tests: a short expiry job and gate dispatcher). */
  visitors?: VisitorModuleOptions;
  /** Rollout engine overrides (tests: short rounds and retries). */
  rollouts?: RolloutEngineOptions;
  /** Broadcast scheduler overrides (tests: short rounds). */
  broadcasts?: BroadcastSchedulerOptions;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** The device link (gateway, bus, live hub): for tests and benchmarks only; modules use ModuleContext's ports. */
    deviceLink: DeviceLink;
  }
}

/** The whole HTTP application, with no global state: tests build as many as they like. */
export async function buildApp({
  config,
  db,
  logger,
  storage,
  deviceLink,
  databaseKind,
  poolStats,
  notifications: notificationOptions,
  visitors: visitorOptions,
  rollouts,
  broadcasts,
}: BuildOptions) {
  // Refuses to start (rather than write unreadable rows) when the key differs from the database's.
  const masterKey = loadMasterKey(config);
  await checkKeyFingerprint(db, 'pii', masterKey);

  const app = Fastify({
    logger: withSafeErrors(logger, config.logLevel),
    bodyLimit: config.bodyLimit,
    trustProxy: config.trustProxy,
    requestIdHeader: false,
    genReqId: requestIdOf(config.requestIdHeader),
    logController: new RequestLinesAtDebug(),
    // Device-link tickets travel in the remote tunnel's path (find-my-way's default limit is 100).
    routerOptions: { ignoreTrailingSlash: true, maxParamLength: 1024 },
    frameworkErrors,
  });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  installApiHeaders(app);

  installSecurityHeaders(app);

  installEnvelope(app);
  const sessionCache = new SessionCache();
  installAuthGuard(
    app,
    db,
    config.session,
    sessionCache,
    config.apiRate ? new ApiRateLimiter(config.apiRate) : undefined,
  );
  await app.register(multipart, {
    limits: { fileSize: config.uploadMaxBytes, files: 1, fields: 5, parts: 6, fieldSize: 1024 },
  });

  await app.register(swagger, {
    openapi: {
      info: {
        title: 'SiteOps API',
        version: '0.1.0',
        description: 'Every answer is the envelope { code, msg, data }.',
      },
      // Relative: the document describes whichever host serves it.
      servers: [{ url: '/', description: 'This SiteOps server' }],
      components: { securitySchemes: { bearer: { type: 'http', scheme: 'bearer' } } },
      security: [{ bearer: [] }],
    },
    transform: jsonSchemaTransform,
    // Schemas registered with an id (recursive ones such as the menu tree) become components, so $refs resolve.
    transformObject: jsonSchemaTransformObject,
  });
  await app.register(swaggerUi, { routePrefix: '/api/docs', staticCSP: true });

  // The bus first: live events to browser tabs go over it, and the notifier publishes them.
  const bus = await openBus(db, config, app.log, deviceLink?.busPrefix);
  app.addHook('onClose', () => bus.close());
  const live = publishOverBus(bus);
  const base = {
    db,
    config,
    pii: new Pii(masterKey),
    storage: storage ?? new LocalStorage(path.join(config.dataDir, 'files')),
    fileUrls: new FileUrls(deriveKey(masterKey, 'file-url')),
    auditTrail: { record: recordAudit },
    live,
    notifications: new NotificationService(db, live, app.log, new NotificationMail(db, config, app.log)),
  };
  // The device link provides the ports for equipment (commands, reports) the other modules are given.
  const link = await composeDeviceLink(
    app,
    {
      ...base,
      ticketKey: deriveKey(masterKey, 'device-link-ticket'),
      pictureKey: deriveKey(masterKey, 'device-event-picture'),
    },
    bus,
    deviceLink,
  );
  // Tests and benchmarks reach the gateway through this handle; module code gets only the ports.
  app.decorate('deviceLink', link);
  await sessionCache.attach(bus);
  app.addHook('onClose', () => sessionCache.detach());
  registerHealth(app, db, bus, { embedded: databaseKind === 'pglite' });
  if (config.metricsToken)
    registerMetrics(app, config.metricsToken, { gateway: link.gateway, channel: link.channel, poolStats });
  const ctx: ModuleContext = { ...base, deviceCommands: link.deviceCommands, deviceReports: link.deviceReports };
  registerUserModule(app, ctx);
  registerAgentModule(app, ctx);
  registerProjectModule(app, ctx);
  registerConstantModule(app, ctx);
  registerAuditModule(app, ctx);
  registerFileModule(app, ctx);
  registerDeviceModule(app, ctx);
  registerPlatformModule(app, ctx);
  registerUpgradeModule(app, ctx, rollouts);
  registerAiStreamModule(app, ctx);
  registerBroadcastModule(app, ctx, broadcasts);
  registerNotificationModule(app, ctx);
  registerVisitorModule(app, ctx, visitorOptions);
  registerCertificationModule(app, ctx);
  registerAnnouncementModule(app, ctx);
  registerAccountModule(app, ctx);
  registerDashboardModule(app, ctx);
  registerDeviceSearchModule(app, ctx);
  registerAnalyticsModule(app, ctx);
  registerAlarmModule(app, ctx, { sweepMs: notificationOptions?.deviceSweepMs });
  registerAlarmEscalationModule(app, ctx);
  registerLabourModule(app, ctx);
  registerSearchModule(app, ctx);
  registerSavedViewModule(app, ctx);

  if (config.webDist && fs.existsSync(path.join(config.webDist, 'index.html'))) {
    await serveConsole(app, config.webDist);
  }
  return app;
}
