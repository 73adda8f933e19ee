import { DEVICE_SCOPE_ROLES, roleAllowed, type Role, type RouteRole } from './roles.ts';

/**
 * One row of the route table. The web router, the side menu, `/api/user/menu` and the
 * authorisation tests are all generated from {@link ROUTES}, so a role can never see a
 * menu entry it cannot open.
 */
export interface RouteDef {
  /** Unique route name (the spec's names, kept verbatim). */
  name: string;
  /** Absolute path. */
  path: string;
  /** Name of the parent section; absent for section roots. */
  parent?: string;
  /** Menu order of a section root (spec: dashboard 0, device 7 … system 11). */
  order?: number;
  /** Who may open it; `*` is any logged-in user. */
  roles: readonly RouteRole[];
  /** i18n key of its title (namespace `menu`). */
  i18nKey: string;
  /** Icon name from @ant-design/icons, resolved by the web app. */
  icon?: string;
  /** Shown as a "not built yet" page until its issue lands. */
  planned?: boolean;
  /**
   * Shows people's personal data (names, phones, ID numbers, faces): the console watermarks it with the
   * viewer's account and the time, so a photo of the screen names who leaked it.
   */
  personalData?: boolean;
}

const DEVICE_ROLES = ['admin', 'agent'] as const;
const ADMIN = ['admin'] as const;
const ADMIN_MANAGER = ['admin', 'manager'] as const;
const ADMIN_AGENT = ['admin', 'agent'] as const;
const EVERY_ROLE = ['admin', 'agent', 'manager', 'user'] as const;

const deviceTypePage = (name: string, i18nKey: string, roles: RouteDef['roles'] = DEVICE_ROLES): RouteDef => ({
  name,
  path: `/device/${name}`,
  parent: 'device',
  roles,
  i18nKey: `menu.device.${i18nKey}`,
});

/**
 * The visitor self-registration page's path (the project's registration link is this plus its token):
 * open, on the visitor's phone, outside the console layout and not in any menu, so not in ROUTES.
 */
export const SELF_REG_PATH = '/visit/';

/** A worker's self-registration page's path (the project's worker registration link is this plus its token), as SELF_REG_PATH. */
export const WORKER_REG_PATH = '/join/';

export const ROUTES: readonly RouteDef[] = [
  {
    name: 'dashboard',
    path: '/dashboard',
    order: 0,
    roles: ['*'],
    i18nKey: 'menu.dashboard.root',
    icon: 'DashboardOutlined',
  },
  {
    name: 'workplace',
    path: '/dashboard/workplace',
    parent: 'dashboard',
    roles: ['*'],
    i18nKey: 'menu.dashboard.workplace',
  },
  // Spec 2 "multi-dimension analysis" template, bound to a real job: fleet analytics over stored
  // telemetry and events, in the caller's device scope.
  {
    name: 'analysis',
    path: '/dashboard/analysis',
    parent: 'dashboard',
    roles: DEVICE_SCOPE_ROLES,
    i18nKey: 'menu.dashboard.analysis',
  },

  // The alarm centre (issue 32): the server's alarm endpoints answer every device-scope role, each in its scope.
  {
    name: 'alarm',
    path: '/alarm',
    order: 6,
    roles: DEVICE_SCOPE_ROLES,
    i18nKey: 'menu.alarm.root',
    icon: 'AlertOutlined',
  },
  {
    name: 'alarm-list',
    path: '/alarm/alarm-list',
    parent: 'alarm',
    roles: DEVICE_SCOPE_ROLES,
    i18nKey: 'menu.alarm.list',
  },
  {
    name: 'alarm-rules',
    path: '/alarm/alarm-rules',
    parent: 'alarm',
    roles: DEVICE_SCOPE_ROLES,
    i18nKey: 'menu.alarm.rules',
  },
  {
    name: 'alarm-escalation',
    path: '/alarm/alarm-escalation',
    parent: 'alarm',
    roles: DEVICE_SCOPE_ROLES,
    i18nKey: 'menu.alarm.escalation',
  },
  {
    name: 'alarm-compliance',
    path: '/alarm/alarm-compliance',
    parent: 'alarm',
    roles: DEVICE_SCOPE_ROLES,
    i18nKey: 'menu.alarm.compliance',
  },

  // Managers see the section for the device pages that work in their projects' scope.
  {
    name: 'device',
    path: '/device',
    order: 7,
    roles: DEVICE_SCOPE_ROLES,
    i18nKey: 'menu.device.root',
    icon: 'HddOutlined',
  },
  deviceTypePage('device-list', 'list'),
  deviceTypePage('face-list', 'face'),
  deviceTypePage('dust-monitor', 'dust'),
  deviceTypePage('cloud-broadcasting', 'broadcast'),
  {
    name: 'broadcast-campaign',
    path: '/device/broadcast-campaign',
    parent: 'device',
    roles: DEVICE_SCOPE_ROLES,
    i18nKey: 'menu.device.broadcastCampaign',
  },
  deviceTypePage('aiBox-list', 'aiBox'),
  // Spec 2 "group form" template, bound to a real job: stream settings of one or many AI boxes.
  deviceTypePage('aiBox-stream', 'aiStream'),
  deviceTypePage('tower-crane-list', 'towerCrane'),
  deviceTypePage('elevator-list', 'elevator'),
  deviceTypePage('tower-elevator-face-list', 'towerElevatorFace'),
  deviceTypePage('vehicle-Plate-Recogn-list', 'plate'),
  deviceTypePage('universal-Gateway-list', 'gateway'),
  // Spec 2 "search table" and "card list" templates, bound to real jobs: what the devices reported, by
  // type, time and value; and every device type as a card with its counts and latest alarms.
  deviceTypePage('device-search', 'search', DEVICE_SCOPE_ROLES),
  deviceTypePage('device-catalogue', 'catalogue', DEVICE_SCOPE_ROLES),
  {
    name: 'auth-platform',
    path: '/device/auth-platform',
    parent: 'device',
    roles: ADMIN,
    i18nKey: 'menu.device.authPlatform',
  },
  {
    name: 'grant-auth',
    path: '/device/grant-auth',
    parent: 'device',
    roles: ADMIN,
    i18nKey: 'menu.device.grantAuth',
  },
  {
    name: 'device-upgrade',
    path: '/device/device-upgrade',
    parent: 'device',
    roles: ADMIN,
    i18nKey: 'menu.device.upgrade',
  },
  {
    name: 'device-rollout',
    path: '/device/device-rollout',
    parent: 'device',
    roles: ADMIN,
    i18nKey: 'menu.device.rollout',
  },

  {
    name: 'project',
    path: '/project',
    order: 8,
    roles: ADMIN_MANAGER,
    i18nKey: 'menu.project.root',
    icon: 'ProjectOutlined',
  },
  {
    name: 'project-list',
    path: '/project/project-list',
    parent: 'project',
    roles: ADMIN_MANAGER,
    i18nKey: 'menu.project.list',
  },
  {
    name: 'project-User',
    personalData: true,
    path: '/project/project-User',
    parent: 'project',
    roles: ADMIN_MANAGER,
    i18nKey: 'menu.project.user',
  },

  {
    name: 'visitor',
    path: '/visitor',
    order: 9,
    roles: ADMIN_MANAGER,
    i18nKey: 'menu.visitor.root',
    icon: 'IdcardOutlined',
  },
  {
    name: 'visitor-List',
    personalData: true,
    path: '/visitor/visitor-List',
    parent: 'visitor',
    roles: ADMIN_MANAGER,
    i18nKey: 'menu.visitor.list',
  },
  {
    name: 'visitor-audit',
    personalData: true,
    path: '/visitor/visitor-audit',
    parent: 'visitor',
    roles: ADMIN_MANAGER,
    i18nKey: 'menu.visitor.audit',
  },
  {
    name: 'device-authorize',
    path: '/visitor/device-authorize',
    parent: 'visitor',
    roles: ADMIN_MANAGER,
    i18nKey: 'menu.visitor.deviceAuthorize',
  },
  {
    name: 'pass-records',
    personalData: true,
    path: '/visitor/pass-records',
    parent: 'visitor',
    roles: ADMIN_MANAGER,
    i18nKey: 'menu.visitor.passRecords',
  },
  {
    name: 'visitor-config',
    path: '/visitor/visitor-config',
    parent: 'visitor',
    roles: ADMIN,
    i18nKey: 'menu.visitor.config',
  },

  // Labour real-name management (issue 35): the one scope rule's roles (admin, an agent's projects, a manager's).
  {
    name: 'labour',
    path: '/labour',
    order: 9.5,
    roles: DEVICE_SCOPE_ROLES,
    i18nKey: 'menu.labour.root',
    icon: 'TeamOutlined',
  },
  {
    name: 'labour-workers',
    personalData: true,
    path: '/labour/workers',
    parent: 'labour',
    roles: DEVICE_SCOPE_ROLES,
    i18nKey: 'menu.labour.workers',
  },
  {
    name: 'labour-teams',
    path: '/labour/teams',
    parent: 'labour',
    roles: DEVICE_SCOPE_ROLES,
    i18nKey: 'menu.labour.teams',
  },
  {
    name: 'labour-day-sheet',
    personalData: true,
    path: '/labour/day-sheet',
    parent: 'labour',
    roles: DEVICE_SCOPE_ROLES,
    i18nKey: 'menu.labour.daySheet',
  },
  {
    name: 'labour-month-sheet',
    personalData: true,
    path: '/labour/month-sheet',
    parent: 'labour',
    roles: DEVICE_SCOPE_ROLES,
    i18nKey: 'menu.labour.monthSheet',
  },

  { name: 'user', path: '/user', order: 10, roles: EVERY_ROLE, i18nKey: 'menu.user.root', icon: 'UserOutlined' },
  {
    name: 'agent',
    path: '/user/agent',
    parent: 'user',
    roles: ADMIN_AGENT,
    i18nKey: 'menu.user.agent',
    personalData: true,
  },
  {
    name: 'info',
    path: '/user/info',
    parent: 'user',
    roles: ADMIN_AGENT,
    i18nKey: 'menu.user.info',
    personalData: true,
  },
  { name: 'setting', path: '/user/setting', parent: 'user', roles: EVERY_ROLE, i18nKey: 'menu.user.setting' },
  { name: 'messages', path: '/user/messages', parent: 'user', roles: EVERY_ROLE, i18nKey: 'menu.user.messages' },
  // Announcements (issue 13): every writer of the server's rule; each sees only those in its scope.
  {
    name: 'announcements',
    path: '/user/announcements',
    parent: 'user',
    roles: ['admin', 'agent', 'manager'],
    i18nKey: 'menu.user.announcements',
  },
  {
    name: 'certification-audit',
    personalData: true,
    path: '/user/certification-audit',
    parent: 'user',
    roles: ADMIN,
    i18nKey: 'menu.user.certificationAudit',
  },

  { name: 'isystem', path: '/isystem', order: 11, roles: ADMIN, i18nKey: 'menu.isystem.root', icon: 'SettingOutlined' },
  {
    name: 'isystem-constants',
    path: '/isystem/isystem-constants',
    parent: 'isystem',
    roles: ADMIN,
    i18nKey: 'menu.isystem.constants',
  },
  {
    name: 'isystem-audit',
    path: '/isystem/isystem-audit',
    parent: 'isystem',
    roles: ADMIN,
    i18nKey: 'menu.isystem.audit',
  },
];

/** A node of the menu tree answered by `/api/user/menu` and drawn by the side menu. */
export interface MenuNode {
  name: string;
  path: string;
  i18nKey: string;
  icon?: string;
  order: number;
  children?: MenuNode[];
}

/** The route table cut down to what `role` may open, as a tree ordered by menu order. */
export function menuForRole(role: Role, routes: readonly RouteDef[] = ROUTES): MenuNode[] {
  const visible = routes.filter((r) => roleAllowed(role, r.roles));
  return visible
    .filter((r) => !r.parent)
    .map((root) => {
      const children = visible
        .filter((r) => r.parent === root.name)
        .map((c, i) => ({ name: c.name, path: c.path, i18nKey: c.i18nKey, icon: c.icon, order: i }));
      return {
        name: root.name,
        path: root.path,
        i18nKey: root.i18nKey,
        icon: root.icon,
        order: root.order ?? 0,
        children,
      };
    })
    .filter((node) => node.children.length > 0)
    .sort((a, b) => a.order - b.order);
}

/** Leaf routes a role may open, in menu order; the first is where a denied navigation lands. */
export function pagesForRole(role: Role, routes: readonly RouteDef[] = ROUTES): RouteDef[] {
  const byName = new Map(routes.map((r) => [r.name, r]));
  return menuForRole(role, routes).flatMap((n) => (n.children ?? []).map((c) => byName.get(c.name)!));
}
