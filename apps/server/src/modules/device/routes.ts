import type { FastifyInstance } from 'fastify';
import { deviceApi } from '@siteops/contracts/device/api';
import type { ModuleContext } from '../../ports/context.ts';
import { routes } from '../../http/endpoint.ts';
import { addDevice } from './add.ts';
import { authorizeDevices, deleteDevices, divideAgent, divideProject } from './batch.ts';
import { deviceDetail } from './detail.ts';
import { exportDevices } from './export.ts';
import { grantLicence } from './grant.ts';
import { listGrants } from './grants.ts';
import { importDevices } from './import.ts';
import { downloadImportTemplate } from './importTemplate.ts';
import { licencePublicKey } from './licencePublicKey.ts';
import { listDevices } from './listAll.ts';
import { checkSigningKeyFingerprint, loadSigningKey } from './signingKey.ts';
import { updateDevice } from './update.ts';

/**
 * /api/device/* (declared in contracts' `api/device.ts`): the device registry. Admin all; an agent
 * only the devices of its agent (scope rule). Licences are admin-only; the licence public key is public.
 */
export function registerDeviceModule(app: FastifyInstance, ctx: ModuleContext) {
  // Loaded (or generated) now so that a bad key stops the start; its fingerprint is checked against
  // the database before the server answers anything.
  const licenceKey = loadSigningKey({ pem: ctx.config.licenceKeyPem?.reveal(), dataDir: ctx.config.dataDir });
  app.addHook('onReady', () => checkSigningKeyFingerprint(ctx.db, licenceKey));

  routes(app, ctx, deviceApi, {
    listAll: listDevices,
    detail: deviceDetail,
    add: addDevice,
    update: updateDevice,
    delete: deleteDevices,
    authorize: authorizeDevices,
    divideAgent,
    divideProject,
    grant: grantLicence(licenceKey),
    grants: listGrants,
    licencePublicKey: licencePublicKey(licenceKey),
    importTemplate: downloadImportTemplate,
    import: importDevices,
    export: exportDevices,
  });
}
