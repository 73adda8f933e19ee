import type { FastifyInstance } from 'fastify';
import type { ModuleContext } from '../../app/context.ts';
import { registerAddDevice } from './add.ts';
import { registerAuthorizeDevices } from './authorize.ts';
import { registerDeleteDevice } from './delete.ts';
import { registerDeviceDetail } from './detail.ts';
import { registerDivideAgent } from './divideAgent.ts';
import { registerDivideProject } from './divideProject.ts';
import { registerExportDevices } from './export.ts';
import { registerGrantLicence } from './grant.ts';
import { registerListGrants } from './grants.ts';
import { registerImportDevices } from './import.ts';
import { registerImportTemplate } from './importTemplate.ts';
import { registerLicencePublicKey } from './licencePublicKey.ts';
import { registerListDevices } from './listAll.ts';
import { checkSigningKeyFingerprint, loadSigningKey } from './signingKey.ts';
import { registerUpdateDevice } from './update.ts';

/**
 * /api/device/*: the device registry. Admin all; an agent only the devices of its agent (scope
 * rule), and of the mutations only authorise/forbid, divide into its projects, import and a few fields.
 * Licences are admin-only; the licence public key is public.
 */
export function registerDeviceModule(app: FastifyInstance, ctx: ModuleContext) {
  // Loaded (or generated) now so that a bad key stops the start; its fingerprint is checked against
  // the database before the server answers anything.
  const licenceKey = loadSigningKey({ pem: ctx.config.licenceKeyPem?.reveal(), dataDir: ctx.config.dataDir });
  app.addHook('onReady', () => checkSigningKeyFingerprint(ctx.db, licenceKey));

  registerListDevices(app, ctx);
  registerDeviceDetail(app, ctx);
  registerAddDevice(app, ctx);
  registerUpdateDevice(app, ctx);
  registerDeleteDevice(app, ctx);
  registerAuthorizeDevices(app, ctx);
  registerDivideAgent(app, ctx);
  registerDivideProject(app, ctx);
  registerGrantLicence(app, ctx, licenceKey);
  registerLicencePublicKey(app, licenceKey);
  registerListGrants(app, ctx);
  registerImportTemplate(app, ctx);
  registerImportDevices(app, ctx);
  registerExportDevices(app, ctx);
}
