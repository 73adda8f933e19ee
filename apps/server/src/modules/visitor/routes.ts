import type { FastifyInstance } from 'fastify';
import { visitorApi } from '@siteops/contracts/visitor/api';
import type { ModuleContext } from '../../ports/context.ts';
import { routes } from '../../http/endpoint.ts';
// The licence key signs visitor passes too: every gate already trusts its public half.
import { loadSigningKey } from '../device/signingKey.ts';
import { auditVisitor, expireVisitors } from './audit.ts';
import { listConfig, publishConfig } from './config.ts';
import { deleteVisitors } from './delete.ts';
import { importVisitorDevices } from './deviceImport.ts';
import { listVisitorDevices, removeVisitorDevices } from './devices.ts';
import { downloadVisitorDeviceTemplate } from './deviceTemplate.ts';
import { listFaces, removeFace, resyncFace } from './faces.ts';
import { GateSync, type GateSyncOptions } from './gateSync.ts';
import { listVisitors } from './listAll.ts';
import { lastPasses, listPasses } from './passes.ts';
import { postAvatar, servePhoto, sweepPhotos } from './photo.ts';
import { regLink, rotateRegLink, selfRegForm, selfRegPhoto, selfRegStatus, selfRegSubmit } from './selfReg.ts';
import { addVisitor, updateVisitor } from './write.ts';

/** How often the expiry job looks for visits that have ended (the issue asks for within a minute). */
export const EXPIRY_EVERY_MS = 20_000;

export interface VisitorModuleOptions {
  /** The expiry job's period (default EXPIRY_EVERY_MS; tests shorter). */
  expiryEveryMs?: number;
  /** The gate person dispatcher's timings. */
  gate?: GateSyncOptions;
}

/** /api/visitor/* (declared in contracts' `api/visitor.ts`), and publishing visitors to the gates. */
export function registerVisitorModule(app: FastifyInstance, ctx: ModuleContext, opts: VisitorModuleOptions = {}) {
  const { privateKey } = loadSigningKey({ pem: ctx.config.licenceKeyPem?.reveal(), dataDir: ctx.config.dataDir });
  const gate = new GateSync(ctx, app.log, opts.gate);

  routes(app, ctx, visitorApi, {
    listAll: listVisitors,
    add: addVisitor(privateKey, gate),
    update: updateVisitor(gate),
    auditVisitor: auditVisitor(privateKey, gate),
    delete: deleteVisitors(gate),
    postAvatar,
    photo: servePhoto,
    listConfig,
    publishConfig: publishConfig(gate),
    listDevices: listVisitorDevices,
    deviceTemplate: downloadVisitorDeviceTemplate,
    importDevices: importVisitorDevices(gate),
    removeDevices: removeVisitorDevices(gate),
    regLink,
    rotateRegLink,
    selfRegForm,
    selfRegPhoto,
    selfRegSubmit: selfRegSubmit(privateKey, gate),
    selfRegStatus,
    faces: listFaces,
    resyncFace: resyncFace(gate),
    removeFace: removeFace(gate),
    passes: listPasses,
    lastPasses,
  });
  scheduleJobs(app, ctx, gate, opts.expiryEveryMs ?? EXPIRY_EVERY_MS);
}

/**
 * The expiry job (whose visitors leave the gates at once), the gate dispatcher, and the hourly sweep of
 * photos nobody took, for as long as the app lives.
 */
function scheduleJobs(app: FastifyInstance, { db, storage }: ModuleContext, gate: GateSync, expiryEveryMs: number) {
  gate.start();
  const expiry = setInterval(() => {
    expireVisitors(db).then(
      (gone) => {
        if (!gone.length) return;
        app.log.info({ count: gone.length }, 'visits ended: visitors now invalid');
        gate.kick();
      },
      (err: unknown) => app.log.warn({ err }, 'visitor expiry failed'),
    );
  }, expiryEveryMs);
  const sweep = setInterval(() => {
    sweepPhotos(db, storage).catch((err: unknown) => app.log.warn({ err }, 'visitor photo sweep failed'));
  }, 3_600_000);
  expiry.unref();
  sweep.unref();
  // Before the database closes: a round under way finishes first.
  app.addHook('preClose', async () => {
    clearInterval(expiry);
    clearInterval(sweep);
    await gate.stop();
  });
}
