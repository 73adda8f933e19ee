import type { Endpoint } from '../endpoint.ts';
import { accountApi } from './account.ts';
import { agentApi } from './agent.ts';
import { aiStreamApi } from './ai-stream.ts';
import { analyticsApi } from './analytics.ts';
import { announcementApi } from './announcement.ts';
import { auditApi } from './audit.ts';
import { broadcastApi } from './broadcast.ts';
import { certificationApi } from './certification.ts';
import { constantApi } from './constant.ts';
import { dashboardApi } from './dashboard.ts';
import { deviceApi } from './device.ts';
import { deviceLinkApi } from './device-link.ts';
import { deviceSearchApi } from './device-search.ts';
import { fileApi } from './file.ts';
import { notificationApi } from './notification.ts';
import { platformApi } from './platform.ts';
import { projectApi } from './project.ts';
import { rolloutApi } from './rollout.ts';
import { upgradeApi } from './upgrade.ts';
import { userApi } from './user.ts';
import { visitorApi } from './visitor.ts';

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
  upgradeApi,
  rolloutApi,
  aiStreamApi,
  broadcastApi,
  notificationApi,
  visitorApi,
  certificationApi,
  accountApi,
  dashboardApi,
  deviceSearchApi,
  analyticsApi,
  announcementApi,
].flatMap((api) => Object.values(api) as Endpoint[]);
