import type { Endpoint } from './shared/endpoint.ts';
import { accountApi } from './account/api.ts';
import { agentApi } from './agent/api.ts';
import { alarmApi, alarmComplianceApi } from './alarm/api.ts';
import { alarmEscalationApi } from './alarm-escalation/api.ts';
import { aiStreamApi } from './ai-stream/api.ts';
import { analyticsApi } from './analytics/api.ts';
import { announcementApi } from './announcement/api.ts';
import { auditApi } from './audit/api.ts';
import { broadcastApi } from './broadcast/api.ts';
import { certificationApi } from './certification/api.ts';
import { constantApi } from './constant/api.ts';
import { dashboardApi } from './dashboard/api.ts';
import { deviceApi } from './device/api.ts';
import { deviceLinkApi } from './device-link/api.ts';
import { deviceSearchApi } from './device-search/api.ts';
import { fileApi } from './file/api.ts';
import { labourApi } from './labour/api.ts';
import { notificationApi } from './notification/api.ts';
import { platformApi } from './platform/api.ts';
import { projectApi } from './project/api.ts';
import { rolloutApi } from './rollout/api.ts';
import { savedViewApi } from './saved-view/api.ts';
import { searchApi } from './search/api.ts';
import { upgradeApi } from './upgrade/api.ts';
import { userApi } from './user/api.ts';
import { visitorApi } from './visitor/api.ts';

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
  alarmApi,
  alarmComplianceApi,
  alarmEscalationApi,
  labourApi,
  searchApi,
  savedViewApi,
].flatMap((api) => Object.values(api) as Endpoint[]);
