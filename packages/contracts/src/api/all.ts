import type { Endpoint } from '../endpoint.ts';
import { agentApi } from './agent.ts';
import { auditApi } from './audit.ts';
import { constantApi } from './constant.ts';
import { deviceApi } from './device.ts';
import { deviceLinkApi } from './device-link.ts';
import { fileApi } from './file.ts';
import { platformApi } from './platform.ts';
import { projectApi } from './project.ts';
import { userApi } from './user.ts';

/**
 * Every declared endpoint, for what walks them all: the server's "every declaration has a handler"
 * check, the authorisation matrix, the fuzz test and the OpenAPI lint. The console never imports this
 * file (it imports one module's declarations at a time), so it adds nothing to the bundle.
 */
export const ALL_ENDPOINTS: readonly Endpoint[] = [
  constantApi,
  userApi,
  fileApi,
  agentApi,
  projectApi,
  platformApi,
  auditApi,
  deviceApi,
  deviceLinkApi,
].flatMap((api) => Object.values(api) as Endpoint[]);
