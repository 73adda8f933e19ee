import type { FastifyInstance } from 'fastify';
import type { ModuleContext } from '../../app/context.ts';
import { registerAddDevice } from './add.ts';
import { registerAuthorizeDevices } from './authorize.ts';
import { registerDeleteDevice } from './delete.ts';
import { registerDeviceDetail } from './detail.ts';
import { registerDivideAgent } from './divideAgent.ts';
import { registerDivideProject } from './divideProject.ts';
import { registerListDevices } from './listAll.ts';
import { registerUpdateDevice } from './update.ts';

/**
 * /api/device/*: the device registry. Admin all; an agent only the devices of its agent (scope
 * rule), and of the mutations only authorise/forbid, divide into its projects and a few fields.
 */
export function registerDeviceModule(app: FastifyInstance, ctx: ModuleContext) {
  registerListDevices(app, ctx);
  registerDeviceDetail(app, ctx);
  registerAddDevice(app, ctx);
  registerUpdateDevice(app, ctx);
  registerDeleteDevice(app, ctx);
  registerAuthorizeDevices(app, ctx);
  registerDivideAgent(app, ctx);
  registerDivideProject(app, ctx);
}
